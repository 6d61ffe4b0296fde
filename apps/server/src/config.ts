/**
 * The server's configuration: every knob is an environment variable, read once at start. Each
 * group of variables is a slice in `config/` (its schema, its rows of the configuration table and
 * what the server gets from it); this file lists the shared slices, takes each module's own from
 * the module (its `configSlices`), and puts their values together.
 */
import type { z } from 'zod';
import { accountsConfig, type AccountsConfig } from './config/accounts-config.ts';
import { chatConfig, type ChatConfig } from './config/chat-config.ts';
import { readSlices, type ConfigDocs, type ConfigSlice, type Env } from './config/config-slice.ts';
import { databaseConfig, type DatabaseConfig } from './config/database-config.ts';
import { downloadsConfig, type DownloadsConfig } from './config/downloads-config.ts';
import { photosConfig, type PhotosConfig } from './config/photos-config.ts';
import { productionConfig, type ProductionConfig } from './config/production-config.ts';
import { serverConfig, type ServerConfig } from './config/server-config.ts';
import { speechConfig, type SpeechConfig } from './config/speech-config.ts';
import { visionConfig, type VisionConfig } from './config/vision-config.ts';

/**
 * The shared slices (what the server's own layers and engines read) in the order the
 * configuration table lists them and a bad start lists its problems; the modules' own follow in
 * the order of the module list. The first six hold the long-standing top-level settings; the
 * others are named for their key.
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
};

/** What the shared slices give: all that a tool outside the app (a CLI, a bench) may read. */
export type SharedConfig = ServerConfig &
  ProductionConfig &
  DatabaseConfig &
  AccountsConfig &
  PhotosConfig &
  DownloadsConfig & {
    vision: VisionConfig;
    speech: SpeechConfig;
    chat: ChatConfig;
  };

/**
 * The values of the slices modules bring, by their key. A module's slice file adds its key here
 * (`declare module '../config.ts' { interface ModuleConfigs { calls: CallsConfig } }`): TypeScript's
 * declaration merging, the way Fastify's plugins type what they add, so `ctx.config.calls` is typed
 * while this file names no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleConfigs {}

/** A module's slices by their key in the config (`export const configSlices = { calls: callsConfig }`). */
export type ModuleSlices = { [Key in keyof ModuleConfigs]?: ConfigSlice<z.ZodType, ModuleConfigs[Key]> };

/** What the loader asks of a module: its slices, if it has variables of its own. */
export interface ConfiguredModule {
  readonly configSlices?: ModuleSlices;
}

export type Config = SharedConfig & ModuleConfigs;

/** The modules' slices in the modules' order; a key two modules claim is a mistake said at start. */
function moduleSlices(modules: readonly ConfiguredModule[]): Record<string, ConfigSlice<z.ZodType, unknown>> {
  const slices: Record<string, ConfigSlice<z.ZodType, unknown>> = {};
  for (const [key, slice] of modules.flatMap((m) => Object.entries(m.configSlices ?? {}))) {
    if (!slice) continue;
    if (key in slices || key in SLICES) throw new Error(`two config slices are named ${key}`);
    slices[key] = slice;
  }
  return slices;
}

/** One row per env var, for the configuration table (`npm run docs:config`): the shared slices', then the modules'. */
export function configDocs(modules: readonly ConfiguredModule[] = []): ConfigDocs {
  return Object.fromEntries(
    [...Object.values(SLICES), ...Object.values(moduleSlices(modules))].flatMap((slice) =>
      Object.entries(slice.docs),
    ),
  );
}

/**
 * Reads the environment once; a bad value stops the start with every problem listed. Given the
 * server's modules (app.ts's MODULES), their own slices are read too and the whole Config returned.
 */
export function loadConfig(env?: Env, cwd?: string): SharedConfig;
export function loadConfig(env: Env, cwd: string, modules: readonly ConfiguredModule[]): Config;
export function loadConfig(
  env: Env = process.env,
  cwd = process.cwd(),
  modules: readonly ConfiguredModule[] = [],
): SharedConfig | Config {
  const slices = readSlices({ ...SLICES, ...moduleSlices(modules) }, env, { cwd });
  const { server, production, database, accounts, photos, downloads, ...keyed } = slices;
  return { ...server, ...production, ...database, ...accounts, ...photos, ...downloads, ...keyed };
}
