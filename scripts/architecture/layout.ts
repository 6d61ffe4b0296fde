import path from 'node:path';

/** The measured source roots: the two apps and the contract between them. */
export const SOURCE_ROOTS = ['apps/web/src/', 'apps/server/src/', 'packages/protocol/src/'] as const;

/** Folders whose sub-folders are features: the web app's features and the server's modules. */
const FEATURE_FOLDERS = ['apps/web/src/features/', 'apps/server/src/modules/'];

/**
 * Shared folders where what is named for a feature is that feature's own: its wire schemas
 * (`protocol/src/market.ts`, `market-admin.ts`), its tables (`db/market-schema.ts`), its config
 * slice (`config/calls-config.ts`) and its strings (`i18n/market/`, `i18n/admin/points/`). Adding the
 * feature creates these; a file that lists them (`i18n/en.ts`) is what it edits.
 */
const NAMED_FOR_FEATURE = [
  'packages/protocol/src/',
  'apps/server/src/db/',
  'apps/server/src/config/',
  'apps/web/src/i18n/',
];

/**
 * The server declares no public face in lint; `module.ts` is the one file app.ts registers, so it
 * is the face here. The web's faces are read from the measured tree's eslint-rules/zones.js.
 */
const SERVER_MODULE_FACES = ['module.ts'];

/**
 * The layer order of each app, lowest first, as DESIGN.md and eslint-rules/zones.js state it:
 * web — platform, i18n, the session store (the tokens and the device's id), the HTTP transport
 * (api) that sends with them and refreshes them, the shared UI (and the shared back-office UI), the
 * features, the app shell; server — the shared layers (one rank: the project orders none of them
 * against another), the module context, the modules, the composition roots. Test-only code lives
 * outside the measured roots (apps/server/test/, apps/web/test/). A folder missing here is reported
 * as unplaced.
 */
const LAYERS: Record<string, readonly (readonly string[])[]> = {
  'apps/web/src/': [
    ['platform/'],
    ['i18n/'],
    ['session/'],
    ['api/'],
    ['ui/', 'back-office/'],
    ['features/'],
    ['app/', 'main.tsx'],
  ],
  'apps/server/src/': [
    [
      'app-error.ts',
      'logger.ts',
      'config.ts',
      'config/',
      'calendar/',
      'security/',
      'db/',
      'storage/',
      'sms/',
      'engines/',
      'http/',
      'sockets/',
      'rate-limit/',
      'audit/',
      'lifecycle/',
      'metering/',
      'registry.ts',
    ],
    ['module-context.ts'],
    ['modules/'],
    ['app.ts', 'start-up.ts', 'main.ts', 'cli/'],
  ],
  'packages/protocol/src/': [[''], ['messages/']],
};

export interface Layout {
  /** File names of a web feature's public face (FEATURE_FACES.entries of eslint-rules/zones.js). */
  webFaces: readonly string[];
}

export const sourceRootOf = (file: string) => SOURCE_ROOTS.find((root) => file.startsWith(root));

/** The feature folders present in the tree, by name (a web feature and a server module may share one). */
export function featureNames(files: readonly string[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    const folder = FEATURE_FOLDERS.find((f) => file.startsWith(f));
    const [name, ...rest] = folder ? file.slice(folder.length).split('/') : [];
    if (name && rest.length > 0) names.add(name);
  }
  return [...names].sort();
}

const namedFor = (name: string, feature: string) =>
  name === feature || name.startsWith(`${feature}-`) || name.startsWith(`${feature}.`);

/** The feature a file belongs to, or undefined for shared code. */
export function ownerOf(file: string, features: readonly string[]): string | undefined {
  const folder = FEATURE_FOLDERS.find((f) => file.startsWith(f));
  if (folder) return file.slice(folder.length).split('/')[0];
  const shared = NAMED_FOR_FEATURE.find((f) => file.startsWith(f));
  if (!shared) return undefined;
  const parts = file.slice(shared.length).split('/');
  const base = path.posix.basename(parts.pop() ?? '').replace(/\.tsx?$/, '');
  const byFolder = parts.reverse().find((part) => features.includes(part));
  if (byFolder) return byFolder;
  // the longest name wins: `speech-debug-x.ts` is speech-debug's, not speech's
  return [...features].sort((a, b) => b.length - a.length).find((f) => namedFor(base, f));
}

/** Where a file sits inside its feature folder: the feature and the path below it. */
function insideFeature(file: string): { feature: string; rest: string; web: boolean } | undefined {
  const folder = FEATURE_FOLDERS.find((f) => file.startsWith(f));
  if (!folder) return undefined;
  const [feature = '', ...rest] = file.slice(folder.length).split('/');
  return { feature, rest: rest.join('/'), web: folder.startsWith('apps/web/') };
}

/** A feature's public face: the file other features are meant to import it through. */
export function isPublicFace(file: string, layout: Layout): boolean {
  const place = insideFeature(file);
  return place !== undefined && (place.web ? layout.webFaces : SERVER_MODULE_FACES).includes(place.rest);
}

/** A file inside some feature's folder (not a shared file named for one). */
export const inFeatureFolder = (file: string): boolean => insideFeature(file) !== undefined;

/** An import from one feature folder into another's file that is not its public face. */
export function isPrivateReach(from: string, to: string, layout: Layout): boolean {
  const source = insideFeature(from);
  const target = insideFeature(to);
  if (!source || !target || source.feature === target.feature || source.web !== target.web) return false;
  const faces = target.web ? layout.webFaces : SERVER_MODULE_FACES;
  return !faces.includes(target.rest);
}

/** A file's layer (0 lowest) within its app, or undefined when the layer table does not place it. */
export function layerOf(file: string): { root: string; rank: number; name: string } | undefined {
  const root = sourceRootOf(file);
  if (!root) return undefined;
  const inside = file.slice(root.length);
  const rank = LAYERS[root]?.findIndex((prefixes) =>
    prefixes.some((p) =>
      p === '' ? !inside.includes('/') : p.endsWith('/') ? inside.startsWith(p) : inside === p,
    ),
  );
  if (rank === undefined || rank < 0) return undefined;
  const name = inside.includes('/') ? `${inside.split('/')[0]}/` : inside;
  return { root, rank, name };
}
