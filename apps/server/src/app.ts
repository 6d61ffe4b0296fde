import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AuditLog } from './audit/audit-log.ts';
import { loadConfig, type Config } from './config.ts';
import type { DatabaseMode } from './db/connect.ts';
import type { Database } from './db/database.ts';
import { createRecognizer } from './engines/asr/create-recognizer.ts';
import { createChatModel } from './engines/chat/create-chat-model.ts';
import type { Engines } from './engines/engines.ts';
import { createSynthesizer } from './engines/tts/create-synthesizer.ts';
import type { SpeechSynthesizer } from './engines/tts/speech-synthesizer.ts';
import type { VisionEngine } from './engines/vision/vision-engine.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { IdentityResolver } from './http/identity.ts';
import { Router } from './http/router.ts';
import { registerSecurity } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { ServerLifecycle } from './lifecycle/server-lifecycle.ts';
import {
  MODULE_DOORS,
  type DashboardFigures,
  type ModuleDoors,
  type PersonalDataSource,
  type ProvideContext,
  type ServerModule,
} from './module-context.ts';
import { adminAdmission } from './modules/admin/admin-admission.ts';
import * as admin from './modules/admin/module.ts';
import { AdminRepo } from './modules/admin/repo.ts';
import * as auth from './modules/auth/module.ts';
import { authSessions } from './modules/auth/sessions.ts';
import * as calls from './modules/calls/module.ts';
import * as chat from './modules/chat/module.ts';
import * as dashboard from './modules/dashboard/module.ts';
import * as health from './modules/health/module.ts';
import * as market from './modules/market/module.ts';
import * as account from './modules/account/module.ts';
import * as feedback from './modules/feedback/module.ts';
import * as userPhotos from './modules/user-photos/module.ts';
import { UserPhotoStore } from './modules/user-photos/user-photos.ts';
import * as socialLogin from './modules/social-login/module.ts';
import * as points from './modules/points/module.ts';
import * as products from './modules/products/module.ts';
import * as site from './modules/site/module.ts';
import * as speech from './modules/speech/module.ts';
import * as users from './modules/users/module.ts';
import { UsersRepo } from './modules/users/repo.ts';
import { userAdmission } from './modules/users/user-admission.ts';
import * as vision from './modules/vision/module.ts';
import * as versions from './modules/versions/module.ts';
import { RateLimitRepo } from './rate-limit/repo.ts';
import { RateLimiter } from './rate-limit/rate-limiter.ts';
import { Registry } from './registry.ts';
import { DeviceAllowance } from './security/device-allowance.ts';
import { systemClock, type Clock } from './security/clock.ts';
import { PasswordHasher } from './security/password-hasher.ts';
import { TokenService } from './security/token-service.ts';
import { createSmsSender, type SmsSender } from './sms/sms-sender.ts';
import { createSocketRouter } from './sockets/attach-sockets.ts';
import { clientAddressOf, trustFunction } from './http/client-address.ts';
import { createImageStore } from './storage/create-image-store.ts';
import type { ImageStore } from './storage/image-store.ts';

/**
 * The server's features. Adding one is adding its folder under modules/ and a line here: its
 * routes, its config slices (main.ts reads them with these) and what it provides the others come
 * from its module.ts.
 */
export const MODULES: readonly ServerModule[] = [
  health,
  site,
  auth,
  users,
  admin,
  dashboard,
  vision,
  speech,
  chat,
  versions,
  points,
  calls,
  market,
  account,
  feedback,
  userPhotos,
  socialLogin,
  products,
];

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
   * (createVisionEngine does): every analysis awaits it. The app never closes it; main.ts does.
   */
  visionEngine: VisionEngine;
  /** Defaults from config: S3 when S3_BUCKET is set, else DATA_DIR/images. */
  imageStore?: ImageStore;
  /**
   * Defaults from config. main.ts creates it first so that its workers warm while the database
   * starts; the app closes it when it closes.
   */
  speechSynthesizer?: SpeechSynthesizer;
  /** main.ts's, which turns ready once the engines are warm; without one (a test) the app is ready at once. */
  lifecycle?: ServerLifecycle;
}

/** This server's configuration: the shared slices and every module's own, read once at start. */
export const loadServerConfig = (env = process.env, cwd = process.cwd()): Config =>
  loadConfig(env, cwd, MODULES);

/** The doors the modules open for each other (ctx.points), each from the module that provides it. */
function doorsOf(modules: readonly ServerModule[], ctx: ProvideContext): ModuleDoors {
  const doors: Partial<ModuleDoors> = {};
  for (const module of modules) Object.assign(doors, module.provide?.(ctx));
  const missing = MODULE_DOORS.filter((door) => !doors[door]);
  if (missing.length > 0) throw new Error(`no module provides ${missing.map((d) => `ctx.${d}`).join(', ')}`);
  return doors as ModuleDoors;
}

/** Assembles the server: what every module shares, then the modules, each in its own scope. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, logger } = deps;
  const clock = deps.clock ?? systemClock;

  const trust = trustFunction(config.trustProxy);
  const app: FastifyInstance = Fastify({
    // typed as Fastify's logger so the instance keeps the default generics every module expects
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // one function for HTTP and socket handshakes (Fastify's typings take no bare hop count)
    trustProxy: trust,
    // while closing, refuseWhileStopping answers with the catalogue's message instead of Fastify's own
    return503OnClosing: false,
  });
  registerErrorHandler(app);
  await registerSecurity(app, config.corsOrigins);
  registerCompression(app);

  const tokens = new TokenService({
    secret: deps.jwtSecret,
    clock,
    ttlSeconds: { user: config.accessTokenTtlSeconds, admin: config.adminTokenTtlSeconds },
  });
  // every request with a token asks its account (a ban, a disabled admin count at once)
  const usersRepo = new UsersRepo(db);
  const adminRepo = new AdminRepo(db);
  const identities = new IdentityResolver(tokens, {
    admitUser: userAdmission(usersRepo, clock, config.timeZone),
    admitAdmin: adminAdmission(adminRepo),
  });
  const limiter = new RateLimiter(new RateLimitRepo(db), clock);
  // engines start lazily (the embedded synthesis workers when the sockets attach or at the first text)
  const engines: Engines = {
    vision: deps.visionEngine,
    synthesizer: deps.speechSynthesizer ?? createSynthesizer(config.speech, logger),
    recognizer: createRecognizer(config.speech),
    chat: createChatModel(config.chat),
  };
  app.addHook('onClose', () => engines.synthesizer.close());
  const imageStore = deps.imageStore ?? createImageStore(config);
  const base: ProvideContext = {
    sockets: createSocketRouter(app, {
      identities,
      limiter,
      logger,
      clientAddress: (request) => clientAddressOf(request, trust),
    }),
    identities,
    limiter,
    devices: new DeviceAllowance(db, clock, config.timeZone, config.devicesPerDay),
    config,
    logger,
    clock,
    db,
    dbMode: deps.dbMode,
    lifecycle: deps.lifecycle ?? new ServerLifecycle('ready'),
    engines,
    security: { tokens, passwords: deps.passwordHasher ?? new PasswordHasher(), secret: deps.jwtSecret },
    audit: new AuditLog(db, clock),
    // the narrow People interface, so that no module needs the users' or admins' repo for a label
    people: { user: (id) => usersRepo.findById(id), admin: (id) => adminRepo.findById(id) },
    // the part of the users' repo that the modules logging people in may use (the Accounts interface)
    accounts: usersRepo,
    sessions: authSessions,
    userPhotos: new UserPhotoStore({
      store: imageStore,
      secret: deps.jwtSecret,
      clock,
      logger,
      urlTtlSeconds: config.imageUrlTtlSeconds,
    }),
    personalData: new Registry<PersonalDataSource>(),
    dashboard: new Registry<DashboardFigures>(),
    adapters: {
      imageStore,
      sms: deps.smsSender ?? createSmsSender(config.smsSender, logger),
    },
  };
  const shared = { ...base, ...doorsOf(MODULES, base) };
  const validateResponses = !config.production;
  for (const module of MODULES) {
    await app.register(async (scope) => {
      const http = new Router(scope, { identities, limiter, validateResponses });
      await module.register({ ...shared, http, scope });
    });
  }
  await registerWebApp(app, config.webDistDir);
  return app;
}
