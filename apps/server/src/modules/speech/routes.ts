import { DECODE_ERROR, endpoints, localeFromAcceptLanguage, translateMessage } from '@sfm/protocol';
import type { FastifyInstance } from 'fastify';
import { rateLimitKey } from '../../http/identity.ts';
import type { Router } from '../../http/router.ts';
import type { DeviceAllowance } from '../../security/device-allowance.ts';
import { DecodeFailure, type SpeechService } from './service.ts';

/**
 * POST /api/speech/recognize and GET /api/capabilities. Runs in its own Fastify scope so that an
 * undecodable upload can be answered with the protocol's `data.error = DECODE_ERROR` (spec §5);
 * every other error goes on to the app's error handler.
 */
export function registerSpeechRoutes(
  scope: FastifyInstance,
  router: Router,
  service: SpeechService,
  asrRatePerMinute: number,
  devices: DeviceAllowance,
): void {
  scope.setErrorHandler((err, request, reply) => {
    if (!(err instanceof DecodeFailure)) throw err;
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    return reply.code(400).send({
      code: 400,
      message: translateMessage('errors.audio_decode', locale),
      data: { error: DECODE_ERROR },
    });
  });
  router.route(
    endpoints.speechRecognize,
    async ({ body, signal }) => ({ text: await service.recognize(body.audio, body.filename, signal) }),
    {
      rateLimits: [{ bucket: 'asr', limit: asrRatePerMinute, key: (r) => rateLimitKey(r.identity) }],
      guards: [devices.guard],
    },
  );
  router.route(endpoints.capabilities, () => service.capabilities());
}
