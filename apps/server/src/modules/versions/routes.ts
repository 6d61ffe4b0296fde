import {
  endpoints,
  RELEASE_NOTES_PATH,
  translateMessage,
  localeFromAcceptLanguage,
  VERSION_APK_PATH,
} from '@sfm/protocol';
import { APK_CONTENT_TYPE, APK_UPLOAD_PATH, versionAdminEndpoints } from '@sfm/protocol/versions-admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { actorOf, type AdminActor } from '../../audit/audit-log.ts';
import type { IdentityResolver } from '../../http/identity.ts';
import type { Router } from '../../http/router.ts';
import { parseByteRange } from './byte-range.ts';
import type { VersionsService } from './service.ts';

/** The clients' update checks (spec §7) and the back office's versions page. */
export function registerVersionRoutes(router: Router, versions: VersionsService): void {
  router.route(endpoints.versionCheck, ({ query }) => versions.check(query.platform, Number(query.current)));
  router.route(endpoints.androidLatest, () => versions.latest('android'));
  router.route(endpoints.iosLatest, () => versions.latest('ios'));

  router.route(versionAdminEndpoints.versions, ({ query }) => versions.list(query.platform));
  router.route(versionAdminEndpoints.createVersion, (r) => versions.create(actorOf(r), r.body));
  router.route(versionAdminEndpoints.updateVersion, (r) => versions.update(actorOf(r), r.body));
  router.route(versionAdminEndpoints.publishVersion, (r) =>
    versions.publish(actorOf(r), r.body.id, r.body.published),
  );
}

/**
 * What is not a JSON envelope: the release-note markdown file, the APK download (byte ranges, so
 * an interrupted download resumes) and the APK upload (the raw file as the body, not base64 JSON).
 */
export function registerVersionFiles(
  app: FastifyInstance,
  identities: IdentityResolver,
  versions: VersionsService,
  apkMaxBytes: number,
): void {
  app.get(RELEASE_NOTES_PATH, async (_request, reply) => {
    const markdown = await versions.releaseNotes();
    if (markdown === null) throw new AppError(404, 'errors.not_found');
    return reply
      .header('content-type', 'text/markdown; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(markdown);
  });

  app.get<{ Params: { id: string; file: string } }>(VERSION_APK_PATH, async (request, reply) => {
    const { bytes, fileName } = await versions.apk(request.params.id);
    const range = parseByteRange(request.headers.range, bytes.length);
    void reply
      .header('content-type', APK_CONTENT_TYPE)
      .header('accept-ranges', 'bytes')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff');
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${bytes.length}`).send();
    }
    if (!range) return reply.header('content-length', bytes.length).send(bytes);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
      .header('content-length', range.end - range.start + 1)
      .send(bytes.subarray(range.start, range.end + 1));
  });

  // the APK arrives as it is; this scope takes it whole, up to the cap (and no further byte)
  app.addContentTypeParser(
    [APK_CONTENT_TYPE, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: apkMaxBytes },
    (_request, body, done) => done(null, body),
  );
  const uploaders = new WeakMap<FastifyRequest, AdminActor>();
  app.post<{ Querystring: { id?: string } }>(
    APK_UPLOAD_PATH,
    {
      bodyLimit: apkMaxBytes,
      // who and how big are settled before a byte of the body is read
      onRequest: async (request) => {
        const { adminId } = await identities.resolve('admin', request.headers);
        uploaders.set(request, { adminId, ip: request.ip });
        if (Number(request.headers['content-length']) > apkMaxBytes) throw versions.tooLarge();
      },
    },
    async (request, reply) => {
      const actor = uploaders.get(request);
      if (!actor) throw new Error('APK upload without its onRequest check');
      if (!Buffer.isBuffer(request.body)) throw new AppError(415, 'errors.apk_invalid');
      const version = await versions.uploadApk(actor, request.query.id ?? '', request.body);
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return reply.send({ code: 200, message: translateMessage('ok', locale), data: version });
    },
  );
}
