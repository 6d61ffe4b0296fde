import { pointsEndpoints } from '@sfm/protocol/points';
import type { FastifyInstance } from 'fastify';
import type { Router } from '../../http/router.ts';
import { notifyPath, type PointsEconomy } from './points-economy.ts';

/** Each order is a call to the payment gateway: a person recharges a few times, a script thousands. */
const ORDERS_PER_MINUTE = 10;

/** The sandbox gateway's notify URL (a real gateway is configured with its own: notifyPath). */
export const SANDBOX_NOTIFY_PATH = notifyPath('sandbox');

export function registerPointsRoutes(app: FastifyInstance, router: Router, points: PointsEconomy): void {
  const { service, orders, provider, sandbox } = points;
  router.route(pointsEndpoints.pointsDetails, ({ identity }) => service.details(identity.userId));
  router.route(pointsEndpoints.pointsLogs, ({ identity, query }) => service.logs(identity.userId, query));
  router.route(pointsEndpoints.pointsCatalogue, () => service.catalogue());
  router.route(
    pointsEndpoints.pointsCreateOrder,
    ({ identity, body }) => orders.create(identity.userId, body),
    {
      rateLimits: [
        { bucket: 'points-order', limit: ORDERS_PER_MINUTE, key: (r) => `user:${r.identity.userId}` },
      ],
    },
  );
  router.route(pointsEndpoints.pointsOrder, ({ identity, query }) =>
    orders.status(identity.userId, query.orderId),
  );
  if (sandbox) {
    router.route(pointsEndpoints.sandboxCheckout, async ({ identity, body }) => {
      const order = await orders.payable(identity.userId, body.orderId);
      // the gateway records the decision and posts its signed notify, as a real one would
      await orders.notify(await sandbox.decide(order, body.action === 'pay'));
      return orders.status(identity.userId, order.id);
    });
  }

  // Gateways post forms (Alipay) or JSON (the sandbox); this scope reads both.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // A gateway's call, not the app's: no envelope, the provider's own acknowledgement text.
  app.post(notifyPath(provider.name), async (request, reply) => {
    const ok = await orders.notify(request.body);
    return reply
      .code(ok ? 200 : 400)
      .type('text/plain')
      .send(provider.ack(ok));
  });
}
