import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text files worth compressing; images and sounds are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a copy saves less than a request header weighs. */
export const PRECOMPRESS_MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `x.br` (brotli, best quality) and `x.gz` (gzip -9) beside every text file of `dir` of
 * PRECOMPRESS_MIN_BYTES or more, unless the copy would not be smaller. Returns the files compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < PRECOMPRESS_MIN_BYTES) continue;
    const data = await readFile(file);
    const [br, gz] = await Promise.all([
      promisify(brotliCompress)(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (gz.length >= data.length) continue;
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    done.push(path.relative(dir, file));
  }
  return done;
}

/**
 * The built web app's text files, precompressed once at build time so the server never
 * compresses them per request (it picks the copy the browser accepts). Runs last, after the
 * service worker is written, so that it is compressed too.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sfm-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config.build.write) return;
        const compressed = await precompressDir(path.resolve(config.root, config.build.outDir));
        config.logger.info(`precompressed ${compressed.length} files (.br, .gz)`);
      },
    },
  };
}
