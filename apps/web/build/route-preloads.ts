import type { RoutePreloads } from '@sfm/protocol';
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

/** `routes.seeForMe` (a name of the route table) or a plain string: the path; else undefined. */
function pathValue(node: Node | undefined, paths: Readonly<Record<string, string>>): string | undefined {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  const { object, property } = (node ?? {}) as { object?: Node; property?: Node };
  if (node?.type !== 'MemberExpression' || object?.name !== 'routes' || typeof property?.name !== 'string')
    return undefined;
  return paths[property.name];
}

/**
 * The pages a feature manifest declares: every `{ path, page: lazyPage(() => import('./x')) }`
 * with a fixed path (a path with parameters is left out: no one address to serve it at). The page
 * may also be a constant of the module (`const form = lazyPage(…)`, shared by two routes).
 */
export function manifestPages(
  code: string,
  paths: Readonly<Record<string, string>>,
): { path: string; source: string }[] {
  const found: { path: string; source: string }[] = [];
  const nodes = [...walk(parseAst(code, { lang: 'tsx' }))];
  const constants = new Map(
    nodes
      .filter((n) => n.type === 'VariableDeclarator' && isNode(n.id) && isNode(n.init))
      .map((n) => [(n.id as Node).name, n.init as Node]),
  );
  for (const node of nodes) {
    if (node.type !== 'ObjectExpression') continue;
    const path = pathValue(propertyOf(node, 'path'), paths);
    const named = propertyOf(node, 'page');
    const page = named?.type === 'Identifier' ? constants.get(named.name) : named;
    if (!path || path.includes(':') || page?.type !== 'CallExpression') continue;
    const load = [...walk(page)].find((n) => n.type === 'ImportExpression');
    const source = load && isNode(load.source) ? load.source.value : undefined;
    if (typeof source === 'string') found.push({ path, source });
  }
  return found;
}

const isChunk = (item: Rollup.OutputChunk | Rollup.OutputAsset): item is Rollup.OutputChunk =>
  item.type === 'chunk';

/**
 * For each page of the user app, the chunks and styles its first render needs beyond the entry's,
 * written to the protocol's ROUTE_PRELOADS_FILE. The server names them in that route's HTML (modulepreload), so a
 * first visit fetches the page's code beside the entry's, instead of after the entry has run.
 * `paths` is the app's route table (src/ui/routes.ts); `atStart` names what the app start itself
 * imports lazily on every page (the protocol's schemas, to check the first answers).
 */
export function routePreloads(paths: Readonly<Record<string, string>>, atStart: string[] = []): Plugin {
  const pageModules = new Map<string, string>();
  const startModules = new Set<string>();
  return {
    name: 'sfm-route-preloads',
    apply: 'build',
    async buildStart() {
      for (const specifier of atStart) {
        const resolved = await this.resolve(specifier);
        if (!resolved) this.error(`route preloads: cannot resolve ${specifier}`);
        startModules.add(resolved.id);
      }
    },
    async transform(code, id) {
      if (!/[\\/]src[\\/]features[\\/][^\\/]+[\\/]manifest\.tsx?$/.test(id)) return null;
      for (const { path, source } of manifestPages(code, paths)) {
        const resolved = await this.resolve(source, id);
        if (resolved) pageModules.set(path, resolved.id);
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
        for (const [path, moduleId] of pageModules) {
          const page = chunkOf(moduleId);
          if (!page) continue;
          const needed = staticGraph([page, ...startChunks], chunks).filter(
            (c) => !onEveryPage.has(c.fileName),
          );
          table[path] = {
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
