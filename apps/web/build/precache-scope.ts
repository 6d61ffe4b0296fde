import type { Plugin } from 'vite';

/** What the scope needs of a built chunk. */
export interface ChunkNode {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports: readonly string[];
  /** The CSS files the chunk brings along. */
  css: readonly string[];
}

/**
 * The JS and CSS files the app can load without passing through `leftOutEntries` (lazy modules
 * whose chunks, and what only they import, stay out): everything reachable from the entry chunks
 * by static and dynamic imports, except the dynamic imports of those modules' chunks.
 */
export function reachableFiles(
  chunks: readonly ChunkNode[],
  leftOutEntries: ReadonlySet<string>,
): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const reached = new Set<string>();
  const visit = (chunk: ChunkNode) => {
    if (reached.has(chunk.fileName)) return;
    reached.add(chunk.fileName);
    chunk.css.forEach((css) => reached.add(css));
    for (const name of [...chunk.imports, ...chunk.dynamicImports]) {
      const next = byName.get(name);
      if (next && !(next.facadeModuleId && leftOutEntries.has(next.facadeModuleId))) visit(next);
    }
  };
  chunks.filter((c) => c.isEntry).forEach(visit);
  return reached;
}

/**
 * Finds, at each build, the JS and CSS files that only the modules matching `leftOut` that are
 * loaded lazily, and the pages those modules import lazily, load (the admin area: its pages, antd, echarts). The service worker precaches the rest:
 * a phone never downloads the back office to start offline. `isLeftOut(url)` answers for the last
 * build; any other file (HTML, icons, sounds) is never left out.
 */
export function precacheScope(leftOut: RegExp): { plugin: Plugin; isLeftOut: (url: string) => boolean } {
  const left = new Set<string>();
  const plugin: Plugin = {
    name: 'sfm-precache-scope',
    apply: 'build',
    generateBundle(_options, bundle) {
      const leftOutEntries = new Set<string>();
      for (const id of this.getModuleIds()) {
        const info = leftOut.test(id) ? this.getModuleInfo(id) : null;
        info?.dynamicallyImportedIds.forEach((d) => leftOutEntries.add(d));
        // loaded lazily itself (a feature's back-office.ts, which its manifest names): out as well
        if (info?.dynamicImporters.length) leftOutEntries.add(id);
      }
      const chunks: ChunkNode[] = [];
      const built: string[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset') {
          if (item.fileName.endsWith('.css')) built.push(item.fileName);
          continue;
        }
        built.push(item.fileName);
        chunks.push({ ...item, css: [...(item.viteMetadata?.importedCss ?? [])] });
      }
      const reached = reachableFiles(chunks, leftOutEntries);
      left.clear();
      built.filter((file) => !reached.has(file)).forEach((file) => left.add(file));
    },
  };
  return { plugin, isLeftOut: (url) => left.has(url.replace(/^\//, '')) };
}
