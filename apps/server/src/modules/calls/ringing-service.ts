import type { IncomingCall, RingProgress, RingStopReason } from '@sfm/protocol/calls';
import type { Logger } from 'pino';
import type { CallsConfig } from '../../config/calls-config.ts';
import type { Clock } from '../../security/clock.ts';
import type { SocketRooms } from '../../sockets/socket-namespace.ts';
import type { CallRepo } from './call-repo.ts';
import { rooms } from './call-rooms.ts';
import { incomingCall, type CallRow } from './call-rows.ts';
import type { CallTimers } from './call-timers.ts';
import type { RingingRepo } from './ringing-repo.ts';
import { ringingSchedule, type RingStep } from './ringing-schedule.ts';

/**
 * This node among the others: its id in the presence table, and whether rooms reach the other
 * nodes' sockets now (false while Redis is away: then only this node's volunteers can be rung).
 */
export interface ClusterLink {
  nodeId: string;
  othersReachable(): boolean;
}
/** One node, no Redis: every socket is this node's. */
export const SINGLE_NODE: ClusterLink = { nodeId: 'single', othersReachable: () => true };

/** Rings volunteers whose page is not open (Web Push); the ringer needs nothing else of it. */
export interface CallPush {
  ring(volunteerIds: string[], call: IncomingCall): Promise<void>;
}

export interface RingerDeps {
  calls: CallRepo;
  ringing: RingingRepo;
  rooms: SocketRooms;
  config: CallsConfig;
  clock: Clock;
  logger: Logger;
  push: CallPush;
  timers: CallTimers;
  cluster: ClusterLink;
}

/**
 * A call's ringing: volunteers in batches (online ones on their page, the others by Web Push), the
 * seeker told how many were notified, then the operators' queue, then "no answer". Its timers run
 * on the node where the seeker asked; each step re-reads the call, so one that fires after the call
 * was answered or ended elsewhere does nothing.
 */
export class CallRinger {
  constructor(private readonly deps: RingerDeps) {}

  /**
   * Rings the first batch now and schedules the rest. False when nobody could be rung while the
   * other nodes are out of reach: their volunteers may be there but cannot be rung now.
   */
  async start(call: CallRow): Promise<boolean> {
    const { config, cluster, timers } = this.deps;
    // a small first batch at once, larger ones after it (ringing-schedule.ts), the seeker told the count
    const [first, ...later] = ringingSchedule(config);
    const rung = first?.batch ? await this.ringBatch(call, first.batch) : 0;
    if (rung === 0 && !cluster.othersReachable()) return false;
    if (rung === 0) {
      // nobody to ring now: the operators hear of it at once rather than after a silent minute
      await this.escalate(call.id);
      return true;
    }
    for (const step of later) timers.schedule(call.id, step.atSeconds, () => this.ringStep(call, step));
    timers.schedule(call.id, config.volunteerSeconds, () => this.escalate(call.id));
    return true;
  }

  /** Someone answered: everyone else still ringing stops now; the queue loses the call if it was there. */
  async answered(call: CallRow, helperSocket: string): Promise<void> {
    this.deps.timers.cancel(call.id);
    this.deps.rooms.emit(
      rooms.ring(call.id),
      'ringStopped',
      { callId: call.id, reason: 'taken' },
      helperSocket,
    );
    this.deps.rooms.clear(rooms.ring(call.id));
    if (call.stage === 'operators') await this.publishQueue();
  }

  /** The call stopped ringing unanswered (cancelled or missed): every ringing phone stops. */
  async stopped(call: CallRow, reason: RingStopReason): Promise<void> {
    this.deps.timers.cancel(call.id);
    this.deps.rooms.emit(rooms.ring(call.id), 'ringStopped', { callId: call.id, reason });
    this.deps.rooms.clear(rooms.ring(call.id));
    if (call.status === 'missed') this.deps.rooms.emit(call.seekerSocket, 'noAnswer', { callId: call.id });
    if (call.stage === 'operators') await this.publishQueue();
  }

  private async ringStep(call: CallRow, step: RingStep): Promise<void> {
    if (step.batch) await this.ringBatch(call, step.batch);
    if (step.progress) await this.tellProgress(call);
  }

  /** The seeker hears how many volunteers have been notified so far (while volunteers are rung). */
  private async tellProgress(call: CallRow): Promise<void> {
    // null: answered, cancelled or with the operators by now (perhaps on another node)
    const notified = await this.deps.ringing.notifiedCount(call.id);
    if (notified === null) return;
    const progress: RingProgress = { callId: call.id, notified };
    this.deps.rooms.emit(call.seekerSocket, 'ringProgress', progress);
  }

  private async ringBatch(call: CallRow, batch: { number: number; size: number }): Promise<number> {
    const { cluster, ringing, calls, push, logger } = this.deps;
    // while the other nodes cannot be reached, their volunteers count as away (push may still ring them)
    const onlyNode = cluster.othersReachable() ? undefined : cluster.nodeId;
    const rung = await ringing.ringBatch(call.id, batch.number, batch.size, this.deps.clock(), onlyNode);
    if (rung.length === 0) return 0;
    const incoming = incomingCall(call, await calls.nickname(call.seekerId));
    const targets = rung.filter((r) => r.online).map((r) => rooms.available(r.volunteerId));
    for (const target of targets) this.deps.rooms.join(target, rooms.ring(call.id));
    if (targets.length > 0) this.deps.rooms.emit(targets, 'incomingCall', incoming);
    const away = rung.filter((r) => !r.online).map((r) => r.volunteerId);
    if (away.length > 0) {
      push.ring(away, incoming).catch((err: unknown) => logger.error({ err }, 'push ring failed'));
    }
    return rung.length;
  }

  /** No volunteer answered in time: the call goes to the operators' queue. */
  private async escalate(callId: string): Promise<void> {
    const { timers, calls, config } = this.deps;
    timers.cancel(callId);
    if (!(await calls.escalate(callId))) return;
    const call = await calls.find(callId);
    if (!call) return;
    this.deps.rooms.emit(rooms.ring(callId), 'ringStopped', { callId, reason: 'expired' });
    this.deps.rooms.clear(rooms.ring(callId));
    this.deps.rooms.emit(call.seekerSocket, 'callRinging', { callId, stage: 'operators' });
    await this.publishQueue();
    timers.schedule(callId, config.operatorSeconds, () => this.expire(callId));
  }

  /** No operator answered either: the seeker is told, the call is recorded as missed. */
  private async expire(callId: string): Promise<void> {
    const call = await this.deps.calls.stopRinging(callId, 'missed', this.deps.clock());
    if (call) await this.stopped(call, 'expired');
  }

  private async publishQueue(): Promise<void> {
    this.deps.rooms.emit(rooms.operators, 'queue', { calls: await this.deps.ringing.operatorQueue() });
  }
}
