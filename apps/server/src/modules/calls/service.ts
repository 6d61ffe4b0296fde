import {
  DEFAULT_QUIET_HOURS,
  type AvailabilityChoice,
  type CallConnected,
  type CallEndReason,
  type CallFeedbackRequest,
  type CallHistory,
  type CallLanguage,
  type CallSignal,
  type CallWarnings,
  type IncomingCall,
  type Locale,
  type PushSubscribeRequest,
  type QuietHours,
  type RingProgress,
  type RingStopReason,
  type SharedContext,
  type SnoozeChoice,
  type VolunteerProfile,
} from '@sfm/protocol';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { CallsConfig } from '../../config/calls-config.ts';
import type { Clock } from '../../security/clock.ts';
import type { SocketRooms } from '../../sockets/socket-router.ts';
import { iceServersFor } from './ice-servers.ts';
import { isPushServiceEndpoint } from './push-services.ts';
import { ringingSchedule, type RingStep } from './ringing-schedule.ts';
import { incomingCall, type CallMember, type CallRow, type CallsRepo, type Helper } from './repo.ts';

/** The rooms calls are told through (on every node with the Redis adapter). */
export const rooms = {
  /** The sockets on which a volunteer is available to be rung. */
  available: (userId: string) => `available:${userId}`,
  /** The sockets ringing for a call. */
  ring: (callId: string) => `ring:${callId}`,
  /** The two members of a connected call: the only sockets its signalling reaches. */
  call: (callId: string) => `call:${callId}`,
  /** Every online operator. */
  operators: 'operators',
} as const;

/** Runs `run` after `ms`; returns the cancel. Tests pass one they advance by hand. */
export interface Scheduler {
  after(ms: number, run: () => Promise<void>): () => void;
}
export const realScheduler: Scheduler = {
  after(ms, run) {
    const timer = setTimeout(() => void run(), ms);
    return () => clearTimeout(timer);
  },
};

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

/** Rings volunteers whose page is not open (Web Push); the service needs nothing else of it. */
export interface CallPush {
  readonly publicKey: string;
  ring(volunteerIds: string[], call: IncomingCall): Promise<void>;
}

/** Who is on a socket of the calls namespaces. */
export interface Member {
  socketId: string;
}
export interface SeekerMember extends Member {
  userId: string;
}
export type HelperMember = Member & Helper;

/**
 * The call service: ringing in batches, the first answer winning in PostgreSQL, cancel, hang-up and
 * lost connections. Timers run on the node where the seeker asked; every step they take is a
 * conditional UPDATE, so a timer that fires after the call was answered or ended elsewhere does
 * nothing. It talks to clients only through rooms, never to a socket object.
 */
/** Browsers one user may be rung on: a phone, a tablet, a computer or two. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 5;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export class CallService {
  /** Cancels of this node's pending ringing timers, by call. */
  private readonly timers = new Map<string, (() => void)[]>();

  constructor(
    private readonly repo: CallsRepo,
    private readonly rooms: SocketRooms,
    private readonly config: CallsConfig,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly push: CallPush,
    private readonly scheduler: Scheduler = realScheduler,
    private readonly cluster: ClusterLink = SINGLE_NODE,
  ) {}

  /** A help-seeker asks for a call: the first batch of volunteers is rung at once. */
  async request(
    seeker: SeekerMember,
    request: { language: CallLanguage; context: SharedContext | null },
  ): Promise<string> {
    if (await this.repo.isBanned(seeker.userId)) throw new AppError(403, 'errors.forbidden');
    const call = await this.repo.create({
      seekerId: seeker.userId,
      seekerSocket: seeker.socketId,
      language: request.language,
      context: request.context,
      now: this.clock(),
    });
    if (!call) throw new AppError(409, 'errors.call_in_progress');
    this.rooms.emit(seeker.socketId, 'callRinging', { callId: call.id, stage: 'volunteers' });
    // a small first batch at once, larger ones after it (ringing-schedule.ts), the seeker told the count
    const [first, ...later] = ringingSchedule(this.config);
    const rung = first?.batch ? await this.ringBatch(call, first.batch) : 0;
    if (rung === 0 && !this.cluster.othersReachable()) {
      // volunteers on other nodes may be there but cannot be rung now: say so, rather than ring nobody
      await this.cancel(seeker.userId, call.id);
      throw new AppError(503, 'errors.call_nodes_unreachable');
    }
    if (rung === 0) {
      // nobody to ring now: the operators hear of it at once rather than after a silent minute
      await this.escalate(call.id);
      return call.id;
    }
    for (const step of later) this.schedule(call.id, step.atSeconds, () => this.ringStep(call, step));
    this.schedule(call.id, this.config.volunteerSeconds, () => this.escalate(call.id));
    return call.id;
  }

  /** A volunteer or an operator answers: exactly one of any number answering at once connects. */
  async accept(helper: HelperMember, callId: string): Promise<boolean> {
    const call = await this.repo.answer(callId, helper, helper.socketId, this.clock());
    if (!call) {
      this.rooms.emit(helper.socketId, 'ringStopped', { callId, reason: await this.whyNotRinging(callId) });
      return false;
    }
    this.cancelTimers(call.id);
    const room = rooms.call(call.id);
    this.rooms.join(call.seekerSocket, room);
    this.rooms.join(helper.socketId, room);
    // everyone else still ringing stops now; the queue loses the call if it was there
    this.rooms.emit(
      rooms.ring(call.id),
      'ringStopped',
      { callId: call.id, reason: 'taken' },
      helper.socketId,
    );
    this.rooms.clear(rooms.ring(call.id));
    if (call.stage === 'operators') await this.publishQueue();
    const { toSeeker, toHelper } = await this.connectedPayloads(call);
    this.rooms.emit(helper.socketId, 'callConnected', toHelper);
    this.rooms.emit(call.seekerSocket, 'callConnected', toSeeker);
    return true;
  }

  /** A volunteer lets the call go by: it is not offered to them again. */
  async decline(userId: string, callId: string): Promise<void> {
    await this.repo.decline(callId, userId, this.clock());
  }

  /** The seeker cancels while it rings: every ringing phone stops. */
  async cancel(seekerId: string, callId: string): Promise<void> {
    const call = await this.repo.stopRinging(callId, 'cancelled', this.clock(), seekerId);
    if (call) await this.ringingEnded(call, 'cancelled');
  }

  /** A member hangs up: the other is told at once. */
  async hangUp(callId: string): Promise<void> {
    await this.endCall(callId, 'hang_up');
  }

  /** Relays WebRTC signalling to the other member (the caller checked this socket is a member). */
  relay(fromSocket: string, callId: string, signal: CallSignal): void {
    this.rooms.emit(rooms.call(callId), 'signal', { callId, signal }, fromSocket);
  }

  /**
   * A socket the server closed on purpose (a ban): its ringing call is cancelled, its call ended,
   * and the other member told at once.
   */
  async socketGone(socketId: string): Promise<void> {
    await this.repo.removePresence(socketId);
    for (const call of await this.repo.openCallsOfSocket(socketId)) {
      if (call.status === 'ringing') await this.cancel(call.seekerId, call.id);
      else await this.endCall(call.id, 'connection_lost');
    }
  }

  /**
   * A page went away without hanging up: a reload, a closed tab, a dropped network. Its ringing
   * call is cancelled (nobody is left to answer to), but a connected call is kept for the grace
   * period: the other member hears at once that the page is gone and is waited for, and the page
   * that comes back (on any node) takes its place again (rejoin). Only a hang-up ends a call at once.
   */
  async socketLost(socketId: string): Promise<void> {
    const grace = this.config.reconnectGraceSeconds;
    if (grace === 0) return this.socketGone(socketId);
    await this.repo.removePresence(socketId);
    const until = new Date(this.clock().getTime() + grace * 1000);
    for (const call of await this.repo.openCallsOfSocket(socketId)) {
      if (call.status === 'ringing') {
        await this.cancel(call.seekerId, call.id);
        continue;
      }
      if (!(await this.repo.interrupt(call.id, socketId, until))) continue;
      this.rooms.emit(rooms.call(call.id), 'peerAway', { callId: call.id }, socketId);
      this.schedule(call.id, grace, () => this.endCall(call.id, 'connection_lost', socketId));
    }
  }

  /**
   * A member is back on a new socket (on any node) and takes the old one's place in the call. A page
   * whose socket only dropped (`fresh` false) keeps its media connection: both members hear it is
   * back and the seeker restarts ICE if the media dropped. A page that was reloaded (`fresh`) has
   * none: it is sent the call again, and the other member starts a new connection with it. A call
   * that ended meanwhile is reported as ended.
   */
  async rejoin(member: CallMember & Member, callId: string, fresh = false): Promise<void> {
    const call = await this.repo.rejoin(callId, member, member.socketId);
    if (!call) {
      const ended = await this.repo.find(callId);
      const wasMember =
        ended &&
        ('userId' in member
          ? ended.seekerId === member.userId || ended.volunteerId === member.userId
          : ended.operatorId === member.adminId);
      if (!wasMember) throw new AppError(404, 'errors.call_not_found');
      const reason = (ended.endReason ?? 'connection_lost') as CallEndReason;
      this.rooms.emit(member.socketId, 'callEnded', { callId, reason });
      return;
    }
    const room = rooms.call(call.id);
    this.rooms.join(member.socketId, room);
    if (!fresh) {
      this.rooms.emit(room, 'callRejoined', { callId: call.id, fresh: false });
      return;
    }
    this.rooms.emit(room, 'callRejoined', { callId: call.id, fresh: true }, member.socketId);
    const { toSeeker, toHelper } = await this.connectedPayloads(call);
    this.rooms.emit(
      member.socketId,
      'callConnected',
      call.seekerSocket === member.socketId ? toSeeker : toHelper,
    );
  }

  /**
   * Ends the calls whose interrupted member did not come back in time, wherever their grace was
   * timed: the node timing it may have stopped first. Every node runs it now and then.
   */
  async endOverdue(): Promise<void> {
    for (const call of await this.repo.endOverdue(this.clock())) this.toldEnded(call.id, 'connection_lost');
  }

  async availability(userId: string): Promise<VolunteerProfile> {
    return this.repo.profile(userId);
  }

  /**
   * A volunteer's choices, kept (quiet hours, zone and pause as stored when the choice leaves them
   * out); while available on a socket that socket can be rung. Returns what is now stored.
   */
  async setAvailability(
    volunteer: SeekerMember,
    nodeId: string,
    choice: AvailabilityChoice,
  ): Promise<VolunteerProfile> {
    // a help-seeker cannot make themselves ringable: the role is chosen in the personal centre
    if (choice.available && !(await this.repo.isVolunteer(volunteer.userId))) {
      throw new AppError(403, 'errors.volunteer_role_required');
    }
    const profile = await this.nextProfile(volunteer.userId, choice);
    await this.repo.saveProfile(volunteer.userId, profile, this.clock());
    // the socket echoes the choice, which does not say when a pause ends: the page hears it all here
    if (choice.timeZone !== undefined || choice.quietHours || choice.snooze) {
      this.rooms.emit(volunteer.socketId, 'availability', profile);
    }
    if (!choice.available) {
      await this.repo.removePresence(volunteer.socketId);
      return profile;
    }
    await this.repo.addPresence(volunteer.socketId, volunteer.userId, 'volunteer', nodeId);
    // a call that rang them while they were away (its push brought them here) rings on the page now
    for (const incoming of await this.repo.pendingRings(volunteer.userId)) {
      this.rooms.join(volunteer.socketId, rooms.ring(incoming.callId));
      this.rooms.emit(volunteer.socketId, 'incomingCall', incoming);
    }
    return profile;
  }

  /** The profile a choice makes of the stored one. */
  private async nextProfile(userId: string, choice: AvailabilityChoice): Promise<VolunteerProfile> {
    const stored = await this.repo.profile(userId);
    // the browser's zone name, checked against PostgreSQL's, which places the quiet hours
    if (
      choice.timeZone !== undefined &&
      choice.timeZone !== stored.timeZone &&
      !(await this.repo.knowsTimeZone(choice.timeZone))
    ) {
      throw new AppError(400, 'errors.validation', {}, { field: 'timeZone' });
    }
    const timeZone = choice.timeZone ?? stored.timeZone;
    const quietHours = choice.quietHours ?? stored.quietHours;
    return {
      available: choice.available,
      languages: choice.languages,
      timeZone,
      quietHours,
      snoozedUntil: choice.snooze
        ? await this.snoozeEnd(choice.snooze, timeZone, quietHours)
        : stored.snoozedUntil,
    };
  }

  /**
   * When a pause chosen now ends (null: no pause). "Until tomorrow" is the next time the
   * volunteer's clock shows the end of their quiet hours (07:00 when they turned them off): chosen
   * in the evening that is the next morning, chosen at 02:00 this morning.
   */
  private async snoozeEnd(
    snooze: SnoozeChoice,
    timeZone: string | null,
    quietHours: QuietHours,
  ): Promise<string | null> {
    const now = this.clock();
    switch (snooze) {
      case 'off':
        return null;
      case 'hour':
        return new Date(now.getTime() + HOUR_MS).toISOString();
      case 'week':
        return new Date(now.getTime() + 7 * DAY_MS).toISOString();
      case 'tomorrow': {
        // where tomorrow begins is the volunteer's: without their zone it cannot be placed
        if (!timeZone) throw new AppError(400, 'errors.validation', {}, { field: 'timeZone' });
        const wake = quietHours.enabled ? quietHours.end : DEFAULT_QUIET_HOURS.end;
        return (await this.repo.nextLocalTime(now, timeZone, wake)).toISOString();
      }
    }
  }

  pushKey(): { publicKey: string } {
    return { publicKey: this.push.publicKey };
  }

  /**
   * A browser subscribes to rings; they will be written in `locale`, the app's language then. Only
   * a push service's address is kept (push-services.ts), and a user's newest few browsers.
   */
  async subscribePush(userId: string, subscription: PushSubscribeRequest, locale: Locale): Promise<void> {
    if (!isPushServiceEndpoint(subscription.endpoint, this.config.pushServices))
      throw new AppError(400, 'errors.validation', {}, { field: 'endpoint' });
    const target = { endpoint: subscription.endpoint, ...subscription.keys, locale };
    await this.repo.savePushSubscription(userId, target, this.clock());
    await this.repo.keepNewestPushSubscriptions(userId, PUSH_SUBSCRIPTIONS_PER_USER);
  }

  async unsubscribePush(userId: string, endpoint: string): Promise<void> {
    await this.repo.removePushSubscription(endpoint, userId);
  }

  async operatorOnline(operator: { adminId: string; socketId: string }, nodeId: string): Promise<void> {
    await this.repo.addPresence(operator.socketId, operator.adminId, 'operator', nodeId);
    this.rooms.emit(operator.socketId, 'queue', { calls: await this.repo.operatorQueue() });
  }

  async history(userId: string): Promise<CallHistory> {
    return this.repo.history(userId, 50);
  }

  /** The warnings this member was given after reports about their calls (the personal centre shows them). */
  async warnings(userId: string): Promise<CallWarnings> {
    return { items: await this.repo.warnings(userId, 20) };
  }

  /** A member rates the call, may report the other member and may block them. */
  async feedback(userId: string, feedback: z.output<typeof CallFeedbackRequest>): Promise<void> {
    const call = await this.repo.find(feedback.callId);
    if (!call || (call.seekerId !== userId && call.volunteerId !== userId)) {
      throw new AppError(404, 'errors.call_not_found');
    }
    await this.repo.saveFeedback({
      callId: call.id,
      userId,
      aboutUserId: call.seekerId === userId ? call.volunteerId : call.seekerId,
      helpful: feedback.helpful,
      reportReason: feedback.report?.reason ?? null,
      reportNote: feedback.report?.note ?? '',
      block: feedback.block,
      now: this.clock(),
    });
  }

  /** Stops this node's timers (the server is closing). */
  close(): void {
    for (const id of [...this.timers.keys()]) this.cancelTimers(id);
  }

  private async ringStep(call: CallRow, step: RingStep): Promise<void> {
    if (step.batch) await this.ringBatch(call, step.batch);
    if (step.progress) await this.tellProgress(call);
  }

  /** The seeker hears how many volunteers have been notified so far (while volunteers are rung). */
  private async tellProgress(call: CallRow): Promise<void> {
    // null: answered, cancelled or with the operators by now (perhaps on another node)
    const notified = await this.repo.notifiedCount(call.id);
    if (notified === null) return;
    const progress: RingProgress = { callId: call.id, notified };
    this.rooms.emit(call.seekerSocket, 'ringProgress', progress);
  }

  private async ringBatch(call: CallRow, batch: { number: number; size: number }): Promise<number> {
    // while the other nodes cannot be reached, their volunteers count as away (push may still ring them)
    const onlyNode = this.cluster.othersReachable() ? undefined : this.cluster.nodeId;
    const rung = await this.repo.ringBatch(call.id, batch.number, batch.size, this.clock(), onlyNode);
    if (rung.length === 0) return 0;
    const incoming = incomingCall(call, await this.repo.nickname(call.seekerId));
    const targets = rung.filter((r) => r.online).map((r) => rooms.available(r.volunteerId));
    for (const target of targets) this.rooms.join(target, rooms.ring(call.id));
    if (targets.length > 0) this.rooms.emit(targets, 'incomingCall', incoming);
    const away = rung.filter((r) => !r.online).map((r) => r.volunteerId);
    if (away.length > 0) {
      this.push.ring(away, incoming).catch((err: unknown) => this.logger.error({ err }, 'push ring failed'));
    }
    return rung.length;
  }

  /** No volunteer answered in time: the call goes to the operators' queue. */
  private async escalate(callId: string): Promise<void> {
    this.cancelTimers(callId);
    if (!(await this.repo.escalate(callId))) return;
    const call = await this.repo.find(callId);
    if (!call) return;
    this.rooms.emit(rooms.ring(callId), 'ringStopped', { callId, reason: 'expired' });
    this.rooms.clear(rooms.ring(callId));
    this.rooms.emit(call.seekerSocket, 'callRinging', { callId, stage: 'operators' });
    await this.publishQueue();
    this.schedule(callId, this.config.operatorSeconds, () => this.expire(callId));
  }

  /** No operator answered either: the seeker is told, the call is recorded as missed. */
  private async expire(callId: string): Promise<void> {
    const call = await this.repo.stopRinging(callId, 'missed', this.clock());
    if (call) await this.ringingEnded(call, 'expired');
  }

  private async ringingEnded(call: CallRow, reason: RingStopReason): Promise<void> {
    this.cancelTimers(call.id);
    this.rooms.emit(rooms.ring(call.id), 'ringStopped', { callId: call.id, reason });
    this.rooms.clear(rooms.ring(call.id));
    if (call.status === 'missed') this.rooms.emit(call.seekerSocket, 'noAnswer', { callId: call.id });
    if (call.stage === 'operators') await this.publishQueue();
  }

  /**
   * Both members hear that the call ended: the one who hung up learns it is recorded. With
   * `lostSocket`, only if that member has not come back on another socket since.
   */
  private async endCall(callId: string, reason: CallEndReason, lostSocket?: string): Promise<void> {
    const call = await this.repo.end(callId, reason, this.clock(), lostSocket);
    if (call) this.toldEnded(call.id, reason);
  }

  private toldEnded(callId: string, reason: CallEndReason): void {
    this.cancelTimers(callId);
    this.rooms.emit(rooms.call(callId), 'callEnded', { callId, reason });
    this.rooms.clear(rooms.call(callId));
  }

  /** What each member's page is told of a connected call: its role, the other's name, the relays. */
  private async connectedPayloads(
    call: CallRow,
  ): Promise<{ toSeeker: CallConnected; toHelper: CallConnected }> {
    const iceServers = iceServersFor(this.config, call.id, this.clock());
    const seekerName = await this.repo.nickname(call.seekerId);
    const helperName = call.volunteerId ? await this.repo.nickname(call.volunteerId) : '';
    return {
      toHelper: { callId: call.id, role: 'helper', peerName: seekerName, iceServers, context: null },
      toSeeker: {
        callId: call.id,
        role: 'seeker',
        peerName: helperName,
        iceServers,
        context: call.context ?? null,
      },
    };
  }

  /** Why an answer lost: taken by someone else, or the call ended before. */
  private async whyNotRinging(callId: string): Promise<RingStopReason> {
    const call = await this.repo.find(callId);
    if (!call || call.status === 'cancelled') return 'cancelled';
    if (call.status === 'missed' || (call.status === 'ringing' && call.stage === 'operators'))
      return 'expired';
    return 'taken';
  }

  private async publishQueue(): Promise<void> {
    this.rooms.emit(rooms.operators, 'queue', { calls: await this.repo.operatorQueue() });
  }

  private schedule(callId: string, seconds: number, step: () => Promise<unknown>): void {
    const cancel = this.scheduler.after(seconds * 1000, () => {
      // a step that ran is no longer pending (a grace that found the member back leaves nothing behind)
      const left = (this.timers.get(callId) ?? []).filter((c) => c !== cancel);
      if (left.length > 0) this.timers.set(callId, left);
      else this.timers.delete(callId);
      return step().then(
        () => undefined,
        (err: unknown) => this.logger.error({ err, callId }, 'call step failed'),
      );
    });
    this.timers.set(callId, [...(this.timers.get(callId) ?? []), cancel]);
  }

  private cancelTimers(callId: string): void {
    for (const cancel of this.timers.get(callId) ?? []) cancel();
    this.timers.delete(callId);
  }
}
