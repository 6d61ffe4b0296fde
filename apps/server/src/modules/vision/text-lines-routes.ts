import { endpoints } from '@sfm/protocol';
import { rateLimitKey } from '../../http/identity.ts';
import type { Router } from '../../http/router.ts';
import type { DeviceAllowance } from '../../security/device-allowance.ts';
import type { TextLinesService } from './text-lines-service.ts';

/**
 * A live channel on a slow phone sends about a frame a second: it may send this many times the
 * analyses a caller may ask for (VISION_RATE_LIMIT_PER_MINUTE), ...
 */
const FRAMES_PER_ANALYSIS = 3;
/** ...and one network address three times that (a family or a school behind one address). */
const CALLERS_PER_ADDRESS = 3;

export function registerTextLinesRoute(
  router: Router,
  service: TextLinesService,
  analysesPerMinute: number,
  devices: DeviceAllowance,
): void {
  const perCaller = analysesPerMinute * FRAMES_PER_ANALYSIS;
  router.route(endpoints.readTextLines, ({ body, signal }) => service.read(body, signal), {
    rateLimits: [
      { bucket: 'vision-text-lines', limit: perCaller, key: (r) => rateLimitKey(r.identity) },
      {
        bucket: 'vision-text-lines-address',
        limit: perCaller * CALLERS_PER_ADDRESS,
        key: (r) => `ip:${r.ip}`,
      },
    ],
    guards: [devices.guard],
  });
}
