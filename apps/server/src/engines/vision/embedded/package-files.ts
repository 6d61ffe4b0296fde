/**
 * file:// URLs of files inside installed packages that their exports maps do not expose (Human's
 * map is broken; the tfjs wasm binaries sit beside its entry).
 * Resolution goes through the package's main entry, which the exports map does allow.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** `relativePath` is taken relative to the directory of the package's resolved main entry. */
export function besidePackageEntry(packageName: string, relativePath: string): URL {
  return new URL(relativePath, pathToFileURL(require.resolve(packageName)));
}
