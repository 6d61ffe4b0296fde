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
import { UsersRepo } from './modules/users/repo.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { UsersService } from './modules/users/service.ts';
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
  const router = new Router(app, {
    identities: new IdentityResolver(tokens),
    limiter: new RateLimiter(new RateLimitRepo(db), clock),
    validateResponses: !config.production,
  });
  const users = new UsersRepo(db);

  registerHealthRoutes(router, { db: deps.dbMode, ping: () => pingDatabase(db) });
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
  await registerWebApp(app, config.webDistDir);
  return app;
}
