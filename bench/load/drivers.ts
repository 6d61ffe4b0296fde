/**
 * The load's clients, one function per kind of traffic: each does one user action against the
 * server and says `true` or why it failed (the Recorder times it).
 */
import { endpoints, SPEECH_SYNTHESIS_NAMESPACE } from '@sfm/protocol';
import { CALLS_NAMESPACE } from '@sfm/protocol/calls';
import { chatEndpoints } from '@sfm/protocol/chat';
import type { Socket } from 'socket.io-client';
import { nextEvent as nextSocketEvent } from '../../apps/server/test/harness/socket-clients.ts';

/** Longest any one action may take before it counts as failed. */
export const ACTION_TIMEOUT_MS = 15_000;

export const userHeaders = (token: string) => ({ token, userType: 'registered' });

/** Resolves with the next `event` that `matches`, or rejects after the action timeout. */
export const nextEvent = <T>(socket: Socket, event: string, matches: (data: T) => boolean = () => true) =>
  nextSocketEvent(socket, event, matches, ACTION_TIMEOUT_MS);

/** An envelope call; true when the server answered 200 with code 200. */
export async function api(
  base: string,
  endpoint: { method: string; path: string },
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ ok: true; data: unknown } | { ok: false; why: string }> {
  const res = await fetch(base + endpoint.path, {
    method: endpoint.method,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(ACTION_TIMEOUT_MS),
  });
  const envelope = (await res.json()) as { code: number; data: unknown };
  return res.status === 200 && envelope.code === 200
    ? { ok: true, data: envelope.data }
    : { ok: false, why: `HTTP ${res.status} ${JSON.stringify(envelope.data)}` };
}

export async function analyse(base: string, token: string, image: string): Promise<true | string> {
  const res = await api(base, endpoints.visionAnalyze, { image, scenario: 'move' }, userHeaders(token));
  return res.ok || res.why;
}

/** A whole chat answer, read to its `done` event. */
export async function chat(base: string, token: string): Promise<true | string> {
  const res = await fetch(base + chatEndpoints.chatStream.path, {
    method: 'POST',
    headers: { ...userHeaders(token), 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: '前面是什么？' }] }),
    signal: AbortSignal.timeout(ACTION_TIMEOUT_MS),
  });
  const text = await res.text();
  if (res.status !== 200) return `HTTP ${res.status}`;
  return text.includes('"type":"done"') || `stream ended without done: ${text.slice(-120)}`;
}

/** A user signing in with a password and refreshing: the refresh token rotates each time. */
export class SessionUser {
  constructor(
    private readonly base: string,
    readonly phone: string,
    private readonly password: string,
    private refreshToken: string,
  ) {}

  async login(): Promise<true | string> {
    const res = await api(this.base, endpoints.login, { phone: this.phone, password: this.password });
    return res.ok || res.why;
  }

  async refresh(): Promise<true | string> {
    const res = await api(this.base, endpoints.refreshToken, { refreshToken: this.refreshToken });
    if (!res.ok) return res.why;
    this.refreshToken = (res.data as { refreshToken: string }).refreshToken;
    return true;
  }
}

/** Time to the first audio chunk of a short text on a /speech-synthesis socket. */
export function speak(socket: Socket, text: string): Promise<true | string> {
  return new Promise((resolve) => {
    const finish = (outcome: true | string) => {
      clearTimeout(timer);
      socket.off('audioGenerated', onAudio);
      socket.off('error', onError);
      resolve(outcome);
    };
    const onAudio = () => finish(true);
    const onError = ({ message }: { message: string }) => finish(`error: ${message}`);
    const timer = setTimeout(() => finish(`no audio in ${ACTION_TIMEOUT_MS} ms`), ACTION_TIMEOUT_MS);
    socket.on('audioGenerated', onAudio);
    socket.on('error', onError);
    socket.emit('synthesizeText', { text });
  });
}

export const speechUrl = (base: string) => base + SPEECH_SYNTHESIS_NAMESPACE;
export const callsUrl = (base: string) => base + CALLS_NAMESPACE;

/** Volunteers that answer every call that rings them: the first one rung accepts. */
export class Volunteers {
  private readonly answerers = new Map<string, Socket>();

  constructor(readonly sockets: Socket[]) {
    for (const socket of sockets) {
      socket.on('incomingCall', ({ callId }: { callId: string }) => {
        if (this.answerers.has(callId)) return;
        this.answerers.set(callId, socket);
        socket.emit('acceptCall', { callId });
      });
    }
  }

  /** A seeker's call: requested, connected to a volunteer, one signal relayed, hung up. */
  async call(seeker: Socket): Promise<true | string> {
    const connected = nextEvent<{ callId: string }>(seeker, 'callConnected');
    seeker.emit('requestCall', { language: 'zh' });
    const { callId } = await connected;
    const answerer = this.answerers.get(callId);
    if (!answerer) return 'connected to nobody the bench knows';
    const relayed = nextEvent<{ callId: string }>(answerer, 'signal', (s) => s.callId === callId);
    const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0' } };
    seeker.emit('signal', { callId, signal: offer });
    await relayed;
    const ended = nextEvent<{ callId: string }>(answerer, 'callEnded', (e) => e.callId === callId);
    seeker.emit('hangUp', { callId });
    await ended;
    this.answerers.delete(callId);
    return true;
  }
}
