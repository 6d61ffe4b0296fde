/**
 * The server's configuration: every knob is an environment variable, read once at start. Each
 * group of variables is a slice in `config/` (its schema, its rows of the configuration table and
 * what the server gets from it); this file only lists the slices and puts their values together.
 */
import { accountsConfig, type AccountsConfig } from './config/accounts-config.ts';
import { callsConfig, type CallsConfig } from './config/calls-config.ts';
import { chatConfig, type ChatConfig } from './config/chat-config.ts';
import { readSlices, type ConfigDocs, type Env } from './config/config-slice.ts';
import { databaseConfig, type DatabaseConfig } from './config/database-config.ts';
import { downloadsConfig, type DownloadsConfig } from './config/downloads-config.ts';
import { paymentsConfig, type PaymentsConfig } from './config/payments-config.ts';
import { photosConfig, type PhotosConfig } from './config/photos-config.ts';
import { productionConfig, type ProductionConfig } from './config/production-config.ts';
import { serverConfig, type ServerConfig } from './config/server-config.ts';
import { socialLoginConfig, type SocialLoginConfig } from './config/social-login-config.ts';
import { speechConfig, type SpeechConfig } from './config/speech-config.ts';
import { visionConfig, type VisionConfig } from './config/vision-config.ts';

/**
 * The slices in the order the configuration table lists them and a bad start lists its problems.
 * The first six hold the long-standing top-level settings; the others are named for their key.
 */
const SLICES = {
  server: serverConfig,
  production: productionConfig,
  database: databaseConfig,
  accounts: accountsConfig,
  photos: photosConfig,
  downloads: downloadsConfig,
  vision: visionConfig,
  speech: speechConfig,
  chat: chatConfig,
  calls: callsConfig,
  payments: paymentsConfig,
  socialLogin: socialLoginConfig,
};

export type Config = ServerConfig &
  ProductionConfig &
  DatabaseConfig &
  AccountsConfig &
  PhotosConfig &
  DownloadsConfig & {
    vision: VisionConfig;
    speech: SpeechConfig;
    chat: ChatConfig;
    calls: CallsConfig;
    /** Which gateway takes the money for recharges and VIP plans. */
    payments: PaymentsConfig;
    /** Third-party login (OpenID Connect); its `oidc` is null when not configured. */
    socialLogin: SocialLoginConfig;
  };

/** One row per env var, for the configuration table (`npm run docs:config`). */
export const CONFIG_DOCS: ConfigDocs = Object.fromEntries(
  Object.values(SLICES).flatMap((slice) => Object.entries(slice.docs)),
);

/** Reads the environment once; a bad value stops the start with every problem listed. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const slices = readSlices(SLICES, env, { cwd });
  const { server, production, database, accounts, photos, downloads, ...keyed } = slices;
  return { ...server, ...production, ...database, ...accounts, ...photos, ...downloads, ...keyed };
}
