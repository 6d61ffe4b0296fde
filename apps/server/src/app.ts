import { createHmac } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { pingDatabase } from './db/database.ts';
import type { DatabaseMode } from './db/connect.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { IdentityResolver } from './http/identity.ts';
import { Router } from './http/router.ts';
import { registerSecurity } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { AdminRepo } from './modules/admin/repo.ts';
import { registerAdminRoutes } from './modules/admin/routes.ts';
import { AdminService } from './modules/admin/service.ts';
import { RefreshTokenRepo, SmsCodeRepo } from './modules/auth/repo.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { LogSmsSender, type SmsSender } from './modules/auth/sms-sender.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerSiteRoutes } from './modules/site/routes.ts';
import { UsersRepo } from './modules/users/repo.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { UsersService } from './modules/users/service.ts';
import { registerSpeech } from './modules/speech/speech-module.ts';
import type { SpeechSynthesizer } from './engines/tts/speech-synthesizer.ts';
import type { VisionEngine } from './engines/vision/vision-engine.ts';
import { ImageUrlSigner } from './modules/vision/image-url.ts';
import { VisionImagesRepo } from './modules/vision/repo.ts';
import { startRetentionSweep } from './modules/vision/retention.ts';
import { registerVisionRoutes } from './modules/vision/routes.ts';
import { VisionService } from './modules/vision/service.ts';
import { createImageStore } from './storage/create-image-store.ts';
import type { ImageStore } from './storage/image-store.ts';
import { RateLimitRepo } from './rate-limit/repo.ts';
import { RateLimiter } from './rate-limit/rate-limiter.ts';
import { systemClock, type Clock } from './security/clock.ts';
import { PasswordHasher } from './security/password-hasher.ts';
import { TokenService } from './security/token-service.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  dbMode: DatabaseMode;
  jwtSecret: Uint8Array;
  logger: Logger;
  /** Defaults from config (SMS_SENDER); tests pass a fake that records codes. */
  smsSender?: SmsSender;
  clock?: Clock;
  /** Defaults to production argon2id cost; tests pass a cheap one. */
  passwordHasher?: PasswordHasher;
  /**
   * Created once by main.ts from the config (tests pass a fake). Its warmUp() should be shared
   * (see withSharedWarmUp): every analysis awaits it. The app never closes it; main.ts does.
   */
  visionEngine: VisionEngine;
  /** Defaults from config: S3 when S3_BUCKET is set, else DATA_DIR/images. */
  imageStore?: ImageStore;
  /**
   * Defaults from config. main.ts creates it first so that its workers warm while the database
   * starts; the app closes it when it closes.
   */
  speechSynthesizer?: SpeechSynthesizer;
}

function createSmsSender(kind: Config['smsSender'], logger: Logger): SmsSender {
  switch (kind) {
    case 'log':
      return new LogSmsSender(logger);
  }
}

/** Assembles the server from its modules; the only place that knows them all. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const passwords = deps.passwordHasher ?? new PasswordHasher();

  const app: FastifyInstance = Fastify({
    // typed as Fastify's logger so the instance keeps the default generics every module expects
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // a hop count becomes Fastify's function form (its typings take no bare number)
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });
  registerErrorHandler(app);
  await registerSecurity(app, config.corsOrigins);

  const tokens = new TokenService({
    secret: deps.jwtSecret,
    clock,
    ttlSeconds: { user: config.accessTokenTtlSeconds, admin: config.adminTokenTtlSeconds },
  });
  const identities = new IdentityResolver(tokens);
  const router = new Router(app, {
    identities,
    limiter: new RateLimiter(new RateLimitRepo(db), clock),
    validateResponses: !config.production,
  });
  const users = new UsersRepo(db);

  registerHealthRoutes(router, { db: deps.dbMode, ping: () => pingDatabase(db) });
  registerSiteRoutes(router, { icpFiling: config.icpFiling });
  registerAuthRoutes(
    router,
    new AuthService({
      users,
      refreshTokens: new RefreshTokenRepo(db),
      smsCodes: new SmsCodeRepo(db),
      passwords,
      tokens,
      sms: deps.smsSender ?? createSmsSender(config.smsSender, logger),
      clock,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      smsCodeKey: createHmac('sha256', deps.jwtSecret).update('sms-code').digest(),
    }),
    config.loginRateLimitPerMinute,
  );
  registerUserRoutes(router, new UsersService(users, clock));
  registerAdminRoutes(
    router,
    new AdminService(new AdminRepo(db), passwords, tokens, clock),
    config.loginRateLimitPerMinute,
  );
  const imageStore = deps.imageStore ?? createImageStore(config);
  const visionImages = new VisionImagesRepo(db);
  registerVisionRoutes(
    app,
    router,
    identities,
    new VisionService({
      engine: deps.visionEngine,
      store: imageStore,
      repo: visionImages,
      signer: new ImageUrlSigner(deps.jwtSecret),
      clock,
      logger,
      urlTtlSeconds: config.imageUrlTtlSeconds,
      retentionHours: config.imageRetentionHours,
    }),
    config.visionRateLimitPerMinute,
  );
  logger.info(
    { imageStore: imageStore.kind, retentionHours: config.imageRetentionHours },
    'analysed images storage',
  );
  const retention = {
    repo: visionImages,
    store: imageStore,
    clock,
    logger,
    retentionHours: config.imageRetentionHours,
  };
  let sweeper: ReturnType<typeof startRetentionSweep> | undefined;
  app.addHook('onReady', async () => {
    sweeper = startRetentionSweep(retention);
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
  });
  await registerSpeech(app, { config, db, tokens, clock, logger, synthesizer: deps.speechSynthesizer });
  await registerWebApp(app, config.webDistDir);
  return app;
}
