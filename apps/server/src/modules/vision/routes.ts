import { endpoints, VISION_IMAGE_PATH } from '@sfm/protocol';
import type { FastifyInstance } from 'fastify';
import { rateLimitKey, type IdentityResolver } from '../../http/identity.ts';
import type { DeviceAllowance } from '../../security/device-allowance.ts';
import type { Router } from '../../http/router.ts';
import type { ImageOwner } from '../../storage/image-url.ts';
import type { VisionService } from './service.ts';

/**
 * One network address may analyse this many times the per-caller limit a minute: a family or a
 * school behind one address still works, and identities made up on the spot (a new deviceId per
 * request) cannot multiply the limit.
 */
const CALLERS_PER_ADDRESS = 3;

type Caller = { kind: 'user'; userId: string } | { kind: 'device'; deviceId: string };
const ownerOf = (identity: Caller): ImageOwner =>
  identity.kind === 'user'
    ? { kind: 'user', id: identity.userId }
    : { kind: 'device', id: identity.deviceId };

export function registerVisionRoutes(
  app: FastifyInstance,
  router: Router,
  identities: IdentityResolver,
  vision: VisionService,
  analysesPerMinute: number,
  devices: DeviceAllowance,
): void {
  router.route(
    endpoints.visionAnalyze,
    ({ body, identity, signal, locale }) => vision.analyze(ownerOf(identity), body, signal, locale),
    {
      rateLimits: [
        { bucket: 'vision-analyze', limit: analysesPerMinute, key: (r) => rateLimitKey(r.identity) },
        {
          bucket: 'vision-analyze-address',
          limit: analysesPerMinute * CALLERS_PER_ADDRESS,
          key: (r) => `ip:${r.ip}`,
        },
      ],
      guards: [devices.guard],
    },
  );

  // Binary, not an envelope, so not a protocol endpoint: the signed imageUrl points here.
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    VISION_IMAGE_PATH,
    async (request, reply) => {
      // identity headers are optional here; a wrong or missing one is just "not the owner"
      const caller = await identities
        .resolve('identity', request.headers)
        .then(ownerOf)
        .catch(() => null);
      const image = await vision.image(request.params.id, {
        caller,
        exp: request.query.exp,
        sig: request.query.sig,
      });
      return (
        reply
          .header('content-type', image.contentType)
          .header('cache-control', `private, max-age=${image.maxAgeSeconds}`)
          .header('x-content-type-options', 'nosniff')
          // the URL itself is the credential; a native app's web view (another origin) must be able to show it
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(image.bytes)
      );
    },
  );
}
