import type {
  CallConnected,
  CallEndReason,
  CallSignal,
  RingStopReason,
  SharedContext,
} from '@sfm/protocol/calls';
import type { CallLanguage } from '@sfm/protocol/calls-language';
import { AppError } from '../../app-error.ts';
import type { CallsConfig } from '../../config/calls-config.ts';
import type { Clock } from '../../security/clock.ts';
import type { SocketRooms } from '../../sockets/socket-namespace.ts';
import type { CallRepo } from './call-repo.ts';
import { rooms } from './call-rooms.ts';
import type { CallRow } from './call-rows.ts';
import type { CallTimers } from './call-timers.ts';
import { iceServersFor } from './ice-servers.ts';
import type { CallMember, HelperMember, Member, SeekerMember } from './members.ts';
import type { PresenceRepo } from './presence-repo.ts';
import type { CallRinger } from './ringing-service.ts';

export interface LifecycleDeps {
  calls: CallRepo;
  presence: PresenceRepo;
  /** Rings the call until someone answers, and stops its ringing. */
  ringer: CallRinger;
  timers: CallTimers;
  rooms: SocketRooms;
  config: CallsConfig;
  clock: Clock;
}

/**
 * A call from asking to hanging up: the first answer winning in PostgreSQL, cancel, hang-up, and
 * lost connections with their grace and rejoin. The ringing itself is the ringer's (ringing-service.ts).
 * It talks to clients only through rooms, never to a socket object.
 */
export class CallLifecycle {
  constructor(private readonly deps: LifecycleDeps) {}

  /** A help-seeker asks for a call: the first batch of volunteers is rung at once. */
  async request(
    seeker: SeekerMember,
    request: { language: CallLanguage; context: SharedContext | null },
  ): Promise<string> {
    const { calls, clock } = this.deps;
    if (await calls.isBanned(seeker.userId)) throw new AppError(403, 'errors.forbidden');
    const call = await calls.create({
      seekerId: seeker.userId,
      seekerSocket: seeker.socketId,
      language: request.language,
      context: request.context,
      now: clock(),
    });
    if (!call) throw new AppError(409, 'errors.call_in_progress');
    this.deps.rooms.emit(seeker.socketId, 'callRinging', { callId: call.id, stage: 'volunteers' });
    if (!(await this.deps.ringer.start(call))) {
      // volunteers on other nodes may be there but cannot be rung now: say so, rather than ring nobody
      await this.cancel(seeker.userId, call.id);
      throw new AppError(503, 'errors.call_nodes_unreachable');
    }
    return call.id;
  }

  /** A volunteer or an operator answers: exactly one of any number answering at once connects. */
  async accept(helper: HelperMember, callId: string): Promise<boolean> {
    const call = await this.deps.calls.answer(callId, helper, helper.socketId, this.deps.clock());
    if (!call) {
      const reason = await this.whyNotRinging(callId);
      this.deps.rooms.emit(helper.socketId, 'ringStopped', { callId, reason });
      return false;
    }
    const room = rooms.call(call.id);
    this.deps.rooms.join(call.seekerSocket, room);
    this.deps.rooms.join(helper.socketId, room);
    await this.deps.ringer.answered(call, helper.socketId);
    const { toSeeker, toHelper } = await this.connectedPayloads(call);
    this.deps.rooms.emit(helper.socketId, 'callConnected', toHelper);
    this.deps.rooms.emit(call.seekerSocket, 'callConnected', toSeeker);
    return true;
  }

  /** A volunteer lets the call go by: it is not offered to them again. */
  async decline(userId: string, callId: string): Promise<void> {
    await this.deps.calls.decline(callId, userId, this.deps.clock());
  }

  /** The seeker cancels while it rings: every ringing phone stops. */
  async cancel(seekerId: string, callId: string): Promise<void> {
    const call = await this.deps.calls.stopRinging(callId, 'cancelled', this.deps.clock(), seekerId);
    if (call) await this.deps.ringer.stopped(call, 'cancelled');
  }

  /** A member hangs up: the other is told at once. */
  async hangUp(callId: string): Promise<void> {
    await this.endCall(callId, 'hang_up');
  }

  /** Relays WebRTC signalling to the other member (the caller checked this socket is a member). */
  relay(fromSocket: string, callId: string, signal: CallSignal): void {
    this.deps.rooms.emit(rooms.call(callId), 'signal', { callId, signal }, fromSocket);
  }

  /**
   * A socket the server closed on purpose (a ban): its ringing call is cancelled, its call ended,
   * and the other member told at once.
   */
  async socketGone(socketId: string): Promise<void> {
    await this.deps.presence.remove(socketId);
    for (const call of await this.deps.calls.openCallsOfSocket(socketId)) {
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
    const { calls, config, clock } = this.deps;
    const grace = config.reconnectGraceSeconds;
    if (grace === 0) return this.socketGone(socketId);
    await this.deps.presence.remove(socketId);
    const until = new Date(clock().getTime() + grace * 1000);
    for (const call of await calls.openCallsOfSocket(socketId)) {
      if (call.status === 'ringing') {
        await this.cancel(call.seekerId, call.id);
        continue;
      }
      if (!(await calls.interrupt(call.id, socketId, until))) continue;
      this.deps.rooms.emit(rooms.call(call.id), 'peerAway', { callId: call.id }, socketId);
      this.deps.timers.schedule(call.id, grace, () => this.endCall(call.id, 'connection_lost', socketId));
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
    const call = await this.deps.calls.rejoin(callId, member, member.socketId);
    if (!call) {
      const ended = await this.deps.calls.find(callId);
      const wasMember =
        ended &&
        ('userId' in member
          ? ended.seekerId === member.userId || ended.volunteerId === member.userId
          : ended.operatorId === member.adminId);
      if (!wasMember) throw new AppError(404, 'errors.call_not_found');
      const reason = (ended.endReason ?? 'connection_lost') as CallEndReason;
      this.deps.rooms.emit(member.socketId, 'callEnded', { callId, reason });
      return;
    }
    const room = rooms.call(call.id);
    this.deps.rooms.join(member.socketId, room);
    if (!fresh) {
      this.deps.rooms.emit(room, 'callRejoined', { callId: call.id, fresh: false });
      return;
    }
    this.deps.rooms.emit(room, 'callRejoined', { callId: call.id, fresh: true }, member.socketId);
    const { toSeeker, toHelper } = await this.connectedPayloads(call);
    this.deps.rooms.emit(
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
    for (const call of await this.deps.calls.endOverdue(this.deps.clock())) {
      this.toldEnded(call.id, 'connection_lost');
    }
  }

  /**
   * Both members hear that the call ended: the one who hung up learns it is recorded. With
   * `lostSocket`, only if that member has not come back on another socket since.
   */
  private async endCall(callId: string, reason: CallEndReason, lostSocket?: string): Promise<void> {
    const call = await this.deps.calls.end(callId, reason, this.deps.clock(), lostSocket);
    if (call) this.toldEnded(call.id, reason);
  }

  private toldEnded(callId: string, reason: CallEndReason): void {
    this.deps.timers.cancel(callId);
    this.deps.rooms.emit(rooms.call(callId), 'callEnded', { callId, reason });
    this.deps.rooms.clear(rooms.call(callId));
  }

  /** What each member's page is told of a connected call: its role, the other's name, the relays. */
  private async connectedPayloads(
    call: CallRow,
  ): Promise<{ toSeeker: CallConnected; toHelper: CallConnected }> {
    const { calls, config, clock } = this.deps;
    const iceServers = iceServersFor(config, call.id, clock());
    const seekerName = await calls.nickname(call.seekerId);
    const helperName = call.volunteerId ? await calls.nickname(call.volunteerId) : '';
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
    const call = await this.deps.calls.find(callId);
    if (!call || call.status === 'cancelled') return 'cancelled';
    if (call.status === 'missed' || (call.status === 'ringing' && call.stage === 'operators'))
      return 'expired';
    return 'taken';
  }
}
