import type { Plugin } from 'vite';

/** The zod module that creates zod's global configuration. */
export const ZOD_CORE = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;

/**
 * The app's CSP allows only its own scripts, no eval. zod compiles object parsers with
 * `new Function` when it may, and finds out whether it may with one `new Function("")` as the first
 * object schema is made: the browser reports that refused probe as a CSP violation. Setting zod's
 * own `jitless` option where its configuration is created — before any schema exists, whatever
 * chunk the schemas land in — turns both off (zod then parses without generated code).
 */
export function zodJitless(): Plugin {
  let patched = false;
  return {
    name: 'sfm-zod-jitless',
    apply: 'build',
    transform: {
      filter: { id: ZOD_CORE },
      handler(code) {
        if (!code.includes('export const globalConfig')) this.error('zod core has no globalConfig any more');
        patched = true;
        return { code: `${code}\nglobalConfig.jitless = true;\n`, map: null };
      },
    },
    buildEnd() {
      if (!patched) this.error('zod core (v4/core/core.js) was not in the build: update zod-jitless.ts');
    },
  };
}
