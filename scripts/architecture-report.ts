import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { formatReport } from './architecture/format-report.ts';
import { measure } from './architecture/measure.ts';

/**
 * Prints the numbers issue 32 measures the architecture by, for apps/web/src, apps/server/src and
 * packages/protocol/src, with every finding behind them:
 *
 * - Per feature (every folder of web `features/` and server `modules/`): the files outside its own
 *   that it had to be written into. Its own files are its folders (`features/<f>/`, `modules/<f>/`)
 *   and, in the shared folders, what is named for it (`protocol/src/<f>.ts` and `<f>-*.ts`,
 *   `db/<f>-schema.ts`, `config/<f>-config.ts`, `i18n/<f>/`). A file outside counts when it imports
 *   one of those files by a relative path, or names the feature in a table (`marketUse: '/market/…'`,
 *   `points: { … }`: an object-literal key that is the feature's name in camel case, alone or leading
 *   a compound, with a written-out value). Imports through `@sfm/protocol` do not count: the
 *   contract is shared by design, and a consumer of a wire type uses the feature rather than lists
 *   it (measure.ts says more). Type-only imports count, marked: a type import is still a line the
 *   feature added to that file. Another feature's file that imports the feature through its public
 *   face (a link to its page) uses it and is listed apart, uncounted: the feature does not need it.
 * - Imports from one feature into another's file other than its public face (the web's faces are
 *   FEATURE_FACES of the tree's eslint-rules/zones.js; a server module's is module.ts).
 * - Imports running back up: a file importing a higher layer of its own app (architecture/layout.ts
 *   holds the order, from DESIGN.md and zones.js).
 * - Import circles: strongly connected components of the file import graph (static imports,
 *   export-from, import() and new URL(…, import.meta.url)), per source root, runtime imports first,
 *   then the circles type-only imports close or widen.
 * - The ten largest non-generated source files by lines, and the README's size.
 *
 * Tests (*.test.ts[x]) are left out throughout (source-files.ts says why).
 *
 * Usage: node --import tsx scripts/architecture-report.ts [--root <checkout>]
 */
const { values } = parseArgs({ options: { root: { type: 'string' } } });
const root = path.resolve(values.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));

/** The web's public faces as the measured tree's lint declares them. */
async function webFaces(checkout: string): Promise<string[]> {
  const zones = (await import(pathToFileURL(path.join(checkout, 'eslint-rules/zones.js')).href)) as {
    FEATURE_FACES?: { entries?: unknown };
  };
  const entries = zones.FEATURE_FACES?.entries;
  if (!Array.isArray(entries))
    throw new Error(`${checkout}/eslint-rules/zones.js declares no FEATURE_FACES.entries`);
  return entries.map(String);
}

process.stdout.write(formatReport(measure(root, { webFaces: await webFaces(root) }), root));
