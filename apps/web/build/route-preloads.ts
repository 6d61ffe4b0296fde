import type { RoutePreloads } from '@sfm/protocol';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst, type Plugin, type Rollup } from 'vite';
import { staticGraph } from './bundle-report.ts';
import { loadProtocol } from './protocol-module.ts';

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const item of node) yield* walk(item);
  else if (isNode(node)) {
    yield node;
    for (const [key, value] of Object.entries(node)) if (key !== 'type') yield* walk(value);
  }
}

const propertyOf = (object: Node, name: string): Node | undefined =>
  (object.properties as Node[]).find(
    (p) => p.type === 'Property' && isNode(p.key) && (p.key.name === name || p.key.value === name),
  )?.value as Node | undefined;

/** The app's path tables by name: `routes` (ui/routes.ts), `marketPaths` (features/market/paths.ts)… */
export type PathTables = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The tables of plain paths a module exports: `export const name = { key: '/path', … }`. */
function exportedTables(code: string): Record<string, Record<string, string>> {
  const tables: Record<string, Record<string, string>> = {};
  for (const node of walk(parseAst(code, { lang: 'ts' }))) {
    if (node.type !== 'VariableDeclarator' || !isNode(node.id) || !isNode(node.init)) continue;
    // `{ … } as const`
    const object = node.init.type === 'TSAsExpression' ? (node.init.expression as Node) : node.init;
    if (object.type !== 'ObjectExpression') continue;
    const entries = (object.properties as Node[]).flatMap((p) => {
      const { key, value } = p as { key?: Node; value?: Node };
      return p.type === 'Property' && key?.type === 'Identifier' && value?.type === 'Literal'
        ? [[key.name as string, String(value.value)] as const]
        : [];
    });
    tables[node.id.name as string] = Object.fromEntries(entries);
  }
  return tables;
}

/** The path tables of the app in `srcDir`: the shell's (ui/routes.ts) and each feature's paths.ts. */
export function pathTables(srcDir: string): PathTables {
  const featuresDir = path.join(srcDir, 'features');
  const files = [
    path.join(srcDir, 'ui/routes.ts'),
    ...readdirSync(featuresDir).map((feature) => path.join(featuresDir, feature, 'paths.ts')),
  ].filter((file) => existsSync(file));
  return Object.assign({}, ...files.map((file) => exportedTables(readFileSync(file, 'utf8')))) as PathTables;
}

/** `routes.seeForMe`, `marketPaths.market` (a name of a path table) or a plain string: the path; else undefined. */
function pathValue(node: Node | undefined, tables: PathTables): string | undefined {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  const { object, property } = (node ?? {}) as { object?: Node; property?: Node };
  if (
    node?.type !== 'MemberExpression' ||
    typeof object?.name !== 'string' ||
    typeof property?.name !== 'string'
  )
    return undefined;
  return tables[object.name]?.[property.name];
}

/**
 * The pages a feature manifest declares: every `{ path, page: lazyPage(() => import('./x')) }`
 * with a fixed path (a path with parameters is left out: no one address to serve it at). The page
 * may also be a constant of the module (`const form = lazyPage(…)`, shared by two routes).
 */
export function manifestPages(code: string, tables: PathTables): { path: string; source: string }[] {
  const found: { path: string; source: string }[] = [];
  const nodes = [...walk(parseAst(code, { lang: 'tsx' }))];
  const constants = new Map(
    nodes
      .filter((n) => n.type === 'VariableDeclarator' && isNode(n.id) && isNode(n.init))
      .map((n) => [(n.id as Node).name, n.init as Node]),
  );
  for (const node of nodes) {
    if (node.type !== 'ObjectExpression') continue;
    const route = pathValue(propertyOf(node, 'path'), tables);
    const named = propertyOf(node, 'page');
    const page = named?.type === 'Identifier' ? constants.get(named.name) : named;
    if (!route || route.includes(':') || page?.type !== 'CallExpression') continue;
    const load = [...walk(page)].find((n) => n.type === 'ImportExpression');
    const source = load && isNode(load.source) ? load.source.value : undefined;
    if (typeof source === 'string') found.push({ path: route, source });
  }
  return found;
}

const isChunk = (item: Rollup.OutputChunk | Rollup.OutputAsset): item is Rollup.OutputChunk =>
  item.type === 'chunk';

/**
 * For each page of the user app, the chunks and styles its first render needs beyond the entry's,
 * written to the protocol's ROUTE_PRELOADS_FILE. The server names them in that route's HTML (modulepreload), so a
 * first visit fetches the page's code beside the entry's, instead of after the entry has run.
 * The paths come from the app's path tables (`pathTables`); `atStart` names what the app start
 * itself imports lazily on every page (the protocol's schemas, to check the first answers).
 */
export function routePreloads(atStart: string[] = []): Plugin {
  const pageModules = new Map<string, string>();
  const startModules = new Set<string>();
  let tables: PathTables = {};
  return {
    name: 'sfm-route-preloads',
    apply: 'build',
    configResolved(config) {
      tables = pathTables(path.join(config.root, 'src'));
    },
    async buildStart() {
      for (const specifier of atStart) {
        const resolved = await this.resolve(specifier);
        if (!resolved) this.error(`route preloads: cannot resolve ${specifier}`);
        startModules.add(resolved.id);
      }
    },
    async transform(code, id) {
      if (!/[\\/]src[\\/]features[\\/][^\\/]+[\\/]manifest\.tsx?$/.test(id)) return null;
      for (const { path: route, source } of manifestPages(code, tables)) {
        const resolved = await this.resolve(source, id);
        if (resolved) pageModules.set(route, resolved.id);
      }
      return null;
    },
    // after Vite's own: a chunk that held only styles is gone by then, its styles moved to its importers
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(isChunk);
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return;
        const onEveryPage = new Set(staticGraph([entry], chunks).map((c) => c.fileName));
        // the chunk a module went into (as its facade, or shared with others)
        const chunkOf = (id: string) => chunks.find((c) => id in c.modules);
        const startChunks = [...startModules].flatMap((id) => chunkOf(id) ?? []);
        const table: RoutePreloads = {};
        for (const [route, moduleId] of pageModules) {
          const page = chunkOf(moduleId);
          if (!page) continue;
          const needed = staticGraph([page, ...startChunks], chunks).filter(
            (c) => !onEveryPage.has(c.fileName),
          );
          table[route] = {
            js: needed.map((c) => `/${c.fileName}`),
            css: needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])].map((f) => `/${f}`)),
          };
        }
        const { ROUTE_PRELOADS_FILE } = await loadProtocol();
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(table) });
      },
    },
  };
}
