import { randomUUID } from 'node:crypto';
import { callsConfig } from '../../config/calls-config.ts';
import type { ModuleSlices } from '../../config.ts';
import type { ModuleContext } from '../../module-context.ts';
import type { SocketRooms } from '../../sockets/socket-namespace.ts';
import { CallsAdminRepo } from './admin-repo.ts';
import { registerCallAdminRoutes } from './admin-routes.ts';
import { CallsAdminService } from './admin-service.ts';
import { callRepos, createCallServices } from './call-services.ts';
import { CallsDashboardRepo } from './dashboard-repo.ts';
import { registerCallsDashboardRoutes } from './dashboard-routes.ts';
import { CallsDashboard } from './dashboard-service.ts';
import { callsPersonalData } from './personal-data.ts';
import { PushRinger } from './push-ringer.ts';
import { registerCallRoutes } from './routes.ts';
import { callsNamespace, operatorsNamespace } from './socket.ts';
import { loadVapidKeys, WebPushSender } from './web-push.ts';

/** Ringing, ICE servers and Web Push (CALL_*, ICE_SERVERS, TURN_*, VAPID_*, PUSH_SERVICES): `config.calls`. */
export const configSlices = { calls: callsConfig } satisfies ModuleSlices;

/** How often a node tells the presence table its sockets are still there. */
const PRESENCE_REFRESH_MS = 30_000;

/**
 * Video calls: the `/calls` namespace (seekers and volunteers), `/call-operators` (the operators'
 * queue), the history, feedback and Web Push routes, and this node's presence rows kept fresh.
 */
export async function register(ctx: ModuleContext): Promise<void> {
  const { http, scope, sockets, config, logger, clock, db, audit } = ctx;
  const repos = callRepos(db);
  // the services reach a room in both namespaces: a call's members may be a user and an operator
  const namespaces: SocketRooms[] = [];
  const everywhere: SocketRooms = {
    emit: (...args) => namespaces.forEach((n) => n.emit(...args)),
    join: (...args) => namespaces.forEach((n) => n.join(...args)),
    clear: (room) => namespaces.forEach((n) => n.clear(room)),
  };
  const vapid = await loadVapidKeys(config.calls.vapid, config.dataDir);
  const push = new PushRinger({
    subscriptions: repos.pushSubscriptions,
    sender: new WebPushSender(vapid, config.calls.vapidSubject, logger, config.calls.pushServices),
    logger,
  });
  const nodeId = randomUUID();
  const cluster = { nodeId, othersReachable: () => sockets.othersReachable() };
  const services = createCallServices({
    repos,
    rooms: everywhere,
    config: config.calls,
    clock,
    logger,
    push,
    cluster,
  });
  registerCallRoutes(http, services);
  registerCallAdminRoutes(
    http,
    new CallsAdminService({ repo: new CallsAdminRepo(db, config.timeZone), audit, clock }),
  );
  registerCallsDashboardRoutes(
    http,
    new CallsDashboard({ repo: new CallsDashboardRepo(db), clock, timeZone: config.timeZone }),
  );
  ctx.personalData.register(callsPersonalData(db));

  const deps = {
    calls: services.lifecycle,
    availability: services.availability,
    nodeId,
    logger,
    requestsPerMinute: config.calls.requestsPerMinute,
    attached: (rooms: SocketRooms) => void namespaces.push(rooms),
  };
  sockets.namespace(callsNamespace(deps));
  sockets.namespace(operatorsNamespace(deps));

  let refresh: NodeJS.Timeout | undefined;
  scope.addHook('onReady', (done) => {
    refresh = setInterval(() => {
      repos.presence
        .refresh(nodeId)
        .catch((err: unknown) => logger.error({ err }, 'call presence refresh failed'));
      // a call whose grace was timed on a node that stopped since is ended here
      services.lifecycle
        .endOverdue()
        .catch((err: unknown) => logger.error({ err }, 'overdue calls sweep failed'));
    }, PRESENCE_REFRESH_MS);
    refresh.unref();
    done();
  });
  scope.addHook('onClose', async () => {
    clearInterval(refresh);
    services.timers.close();
    await repos.presence.removeNode(nodeId);
  });
}
