import { createDecipheriv, hkdfSync, type ECDH } from 'node:crypto';
import type { Scheduler } from '../../src/modules/calls/call-timers.ts';
import type { SocketRooms } from '../../src/sockets/socket-namespace.ts';

export interface Delivered {
  socket: string;
  event: string;
  data: Record<string, unknown>;
}

/*
 * What the call services talk to, faked for their tests: socket.io's rooms, timers and the clock
 * moved by hand, and a browser that decrypts a Web Push ring.
 */

/**
 * socket.io's rooms as the service sees them, in memory: each socket is in the room of its own id
 * and whatever it joined; every emit is recorded per receiving socket.
 */
export class FakeRooms implements SocketRooms {
  private readonly memberships = new Map<string, Set<string>>();
  readonly delivered: Delivered[] = [];

  /** A connected socket, in the given rooms besides its own. */
  connect(socket: string, ...rooms: string[]): void {
    this.memberships.set(socket, new Set([socket, ...rooms]));
  }

  disconnect(socket: string): void {
    this.memberships.delete(socket);
  }

  inRoom(socket: string, room: string): boolean {
    return this.memberships.get(socket)?.has(room) ?? false;
  }

  emit(rooms: string | string[], event: string, data: object, except?: string): void {
    const targets = new Set(Array.isArray(rooms) ? rooms : [rooms]);
    for (const [socket, joined] of this.memberships) {
      if (socket === except) continue;
      if ([...targets].some((room) => joined.has(room))) {
        this.delivered.push({ socket, event, data: data as Record<string, unknown> });
      }
    }
  }

  join(target: string, room: string): void {
    for (const joined of this.memberships.values()) if (joined.has(target)) joined.add(room);
  }

  clear(room: string): void {
    for (const joined of this.memberships.values()) joined.delete(room);
  }

  /** What one socket received of one event. */
  received(socket: string, event: string): Record<string, unknown>[] {
    return this.delivered.filter((d) => d.socket === socket && d.event === event).map((d) => d.data);
  }
}

/** Timers the test moves by hand: `advance` runs what fell due, in order, each step awaited. */
export class ManualScheduler implements Scheduler {
  private now = 0;
  private tasks: { at: number; run: () => Promise<void>; cancelled: boolean }[] = [];

  after(ms: number, run: () => Promise<void>): () => void {
    const task = { at: this.now + ms, run, cancelled: false };
    this.tasks.push(task);
    return () => {
      task.cancelled = true;
    };
  }

  get pending(): number {
    return this.tasks.filter((t) => !t.cancelled).length;
  }

  /** Milliseconds the test has moved this scheduler on by. */
  get elapsedMs(): number {
    return this.now;
  }

  async advance(seconds: number): Promise<void> {
    const until = this.now + seconds * 1000;
    for (;;) {
      const due = this.tasks.filter((t) => !t.cancelled && t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.tasks = this.tasks.filter((t) => t !== due);
      this.now = due.at;
      await due.run();
    }
    this.now = until;
  }
}

/**
 * The service's clock in a test: it starts where the test sets it and moves with the scheduler, so
 * the time a timer fires at is the time the service reads (quiet hours, pauses, who was asked when).
 */
export class ManualClock {
  private offsetMs: number;

  constructor(
    private readonly scheduler: ManualScheduler,
    start: Date,
  ) {
    this.offsetMs = start.getTime() - scheduler.elapsedMs;
  }

  /** The Clock the service is given. */
  readonly now = (): Date => new Date(this.offsetMs + this.scheduler.elapsedMs);

  /** Jumps to `at` (the scheduler's timers are not run). */
  set(at: Date | string): void {
    this.offsetMs = new Date(at).getTime() - this.scheduler.elapsedMs;
  }
}

/**
 * What a push service hands the browser, decrypted as the browser does (RFC 8291, aes128gcm, one
 * record): written here from the RFC, not taken from the library that encrypts, so it checks it.
 */
export function decryptPush(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const info = (label: string, extra: Buffer = Buffer.alloc(0)) =>
    Buffer.concat([Buffer.from(`${label}\0`), extra]);
  const secret = receiver.computeSecret(senderPublic);
  const ikm = Buffer.from(
    hkdfSync(
      'sha256',
      secret,
      authSecret,
      info('WebPush: info', Buffer.concat([receiver.getPublicKey(), senderPublic])),
      32,
    ),
  );
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // the last record ends with the delimiter 2 and then zero padding
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}
