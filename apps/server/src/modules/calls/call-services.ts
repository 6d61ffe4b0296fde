import type { Logger } from 'pino';
import type { CallsConfig } from '../../config/calls-config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../security/clock.ts';
import type { SocketRooms } from '../../sockets/socket-namespace.ts';
import { VolunteerAvailability } from './availability-service.ts';
import { CallRepo } from './call-repo.ts';
import { CallTimers, realScheduler, type Scheduler } from './call-timers.ts';
import { HistoryRepo } from './history-repo.ts';
import { CallHistoryService } from './history-service.ts';
import { CallLifecycle } from './lifecycle-service.ts';
import { PresenceRepo } from './presence-repo.ts';
import { PushSubscriptionsRepo } from './push-subscriptions-repo.ts';
import { PushSubscriptions } from './push-subscriptions-service.ts';
import { RingingRepo } from './ringing-repo.ts';
import { CallRinger, SINGLE_NODE, type CallPush, type ClusterLink } from './ringing-service.ts';
import { VolunteerRepo } from './volunteer-repo.ts';

/** The calls' repositories, one per job, over one database. */
export function callRepos(db: Database) {
  return {
    calls: new CallRepo(db),
    ringing: new RingingRepo(db),
    volunteers: new VolunteerRepo(db),
    presence: new PresenceRepo(db),
    pushSubscriptions: new PushSubscriptionsRepo(db),
    history: new HistoryRepo(db),
  };
}
export type CallRepos = ReturnType<typeof callRepos>;

export interface CallServicesDeps {
  repos: CallRepos;
  /** Every calls namespace's rooms: a call's members may be a user and an operator. */
  rooms: SocketRooms;
  config: CallsConfig;
  clock: Clock;
  logger: Logger;
  /** Rings away volunteers by Web Push; its public key is what browsers subscribe with. */
  push: CallPush & { readonly publicKey: string };
  /** Real timers unless a test moves time by hand. */
  scheduler?: Scheduler;
  /** One node unless the app runs with Redis. */
  cluster?: ClusterLink;
}

/**
 * The call services wired to each other, in one place for the module and the tests alike: the
 * lifecycle hands ringing to the ringer, and both keep their timers in the one CallTimers, so
 * whatever ends a call stops all of this node's steps for it.
 */
export function createCallServices(deps: CallServicesDeps) {
  const { repos, rooms, config, clock, logger, push } = deps;
  const timers = new CallTimers({ scheduler: deps.scheduler ?? realScheduler, logger });
  const cluster = deps.cluster ?? SINGLE_NODE;
  const { calls, ringing, presence } = repos;
  const ringer = new CallRinger({ calls, ringing, rooms, config, clock, logger, push, timers, cluster });
  return {
    timers,
    lifecycle: new CallLifecycle({ calls, presence, ringer, timers, rooms, config, clock }),
    availability: new VolunteerAvailability({
      volunteers: repos.volunteers,
      presence,
      ringing,
      rooms,
      clock,
    }),
    pushSubscriptions: new PushSubscriptions({
      subscriptions: repos.pushSubscriptions,
      publicKey: push.publicKey,
      pushServices: config.pushServices,
      clock,
    }),
    history: new CallHistoryService({ history: repos.history, calls, clock }),
  };
}
export type CallServices = ReturnType<typeof createCallServices>;
