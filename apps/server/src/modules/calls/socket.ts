import {
  CALL_OPERATORS_NAMESPACE,
  CALLS_NAMESPACE,
  CallClientEvents,
  OperatorClientEvents,
  type CallSignal,
} from '@sfm/protocol/calls';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import type { AdminIdentity, UserIdentity } from '../../http/identity.ts';
import type { SocketClient, SocketNamespace, SocketRooms } from '../../sockets/socket-namespace.ts';
import type { VolunteerAvailability } from './availability-service.ts';
import { rooms } from './call-rooms.ts';
import type { CallLifecycle } from './lifecycle-service.ts';

export interface CallSocketDeps {
  calls: CallLifecycle;
  availability: VolunteerAvailability;
  /** This process's id in the presence table. */
  nodeId: string;
  logger: Logger;
  requestsPerMinute: number;
  /** Receives the namespace's rooms when socket.io is attached. */
  attached(rooms: SocketRooms): void;
}

const callNotFound = () => new AppError(404, 'errors.call_not_found');

/** Signalling and hang-up are taken only from the sockets the call's room holds: its two members. */
function memberOnly(
  client: SocketClient<UserIdentity> | SocketClient<AdminIdentity>,
  callId: string,
  then: () => void | Promise<void>,
) {
  if (!client.inRoom(rooms.call(callId))) throw callNotFound();
  return then();
}

const relay =
  (deps: CallSocketDeps, client: { id: string }) => (payload: { callId: string; signal: CallSignal }) =>
    deps.calls.relay(client.id, payload.callId, payload.signal);

/** socket.io's reason for a socket the server closed on purpose (a ban, a kick). */
const CLOSED_BY_SERVER = 'server namespace disconnect';

/**
 * A socket the server closed (a ban) ends its call at once. Any other leaving — a reload, a closed
 * tab, a page left, a dropped network, this node shutting down — keeps a connected call for the
 * grace period, for the page to come back on any node: only a hang-up ends a call at once.
 */
const leaving = (deps: CallSocketDeps, socketId: string) => (reason: string) => {
  const gone =
    reason === CLOSED_BY_SERVER ? deps.calls.socketGone(socketId) : deps.calls.socketLost(socketId);
  gone.catch((err: unknown) => deps.logger.error({ err }, 'calls socket clean-up failed'));
};

/** `/calls`: help-seekers ask and volunteers answer (registered users only). */
export function callsNamespace(deps: CallSocketDeps): SocketNamespace<typeof CallClientEvents, UserIdentity> {
  const { calls, availability } = deps;
  return {
    path: CALLS_NAMESPACE,
    label: 'calls',
    access: 'user',
    events: CallClientEvents,
    attached: deps.attached,
    connect(client) {
      const { userId } = client.identity;
      const me = { userId, socketId: client.id };
      void availability.availability(userId).then(
        (profile) => client.emit('availability', profile),
        (err: unknown) => deps.logger.error({ err }, 'volunteer profile unavailable'),
      );
      return {
        on: {
          heartbeat: () => undefined,
          requestCall: async (request) => {
            const refusal = await client.rateLimit('calls', deps.requestsPerMinute);
            if (refusal) throw refusal;
            await calls.request(me, request);
          },
          cancelCall: ({ callId }) => calls.cancel(userId, callId),
          setAvailability: async (choice) => {
            await availability.setAvailability(me, deps.nodeId, choice);
            // the page closed while this was saved: its presence row must not outlive it, or the
            // volunteer would look online (and be rung on a dead socket instead of by push)
            if (!client.connected) return calls.socketGone(client.id);
            if (choice.available) client.join(rooms.available(userId));
            else client.leave(rooms.available(userId));
            client.emit('availability', choice);
          },
          acceptCall: async ({ callId }) => {
            await calls.accept({ kind: 'volunteer', userId, socketId: client.id }, callId);
          },
          declineCall: async ({ callId }) => {
            client.leave(rooms.ring(callId));
            await calls.decline(userId, callId);
          },
          signal: (payload) => memberOnly(client, payload.callId, () => relay(deps, client)(payload)),
          hangUp: ({ callId }) => memberOnly(client, callId, () => calls.hangUp(callId)),
          rejoinCall: ({ callId, fresh }) => calls.rejoin(me, callId, fresh),
        },
        disconnect: leaving(deps, client.id),
      };
    },
  };
}

/** `/call-operators`: operators online as system volunteers see the queue and answer from it. */
export function operatorsNamespace(
  deps: CallSocketDeps,
): SocketNamespace<typeof OperatorClientEvents, AdminIdentity> {
  const { calls, availability } = deps;
  return {
    path: CALL_OPERATORS_NAMESPACE,
    label: 'call operators',
    access: 'admin',
    events: OperatorClientEvents,
    attached: deps.attached,
    connect(client) {
      const { adminId } = client.identity;
      client.join(rooms.operators);
      void availability
        .operatorOnline({ adminId, socketId: client.id }, deps.nodeId)
        .catch((err: unknown) => deps.logger.error({ err }, 'operator presence failed'));
      return {
        on: {
          heartbeat: () => undefined,
          acceptCall: async ({ callId }) => {
            await calls.accept({ kind: 'operator', adminId, socketId: client.id }, callId);
          },
          signal: (payload) => memberOnly(client, payload.callId, () => relay(deps, client)(payload)),
          hangUp: ({ callId }) => memberOnly(client, callId, () => calls.hangUp(callId)),
          rejoinCall: ({ callId, fresh }) => calls.rejoin({ adminId, socketId: client.id }, callId, fresh),
        },
        disconnect: leaving(deps, client.id),
      };
    },
  };
}
