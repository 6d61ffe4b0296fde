import { gzipSync } from 'node:zlib';

/** What the report needs of a built chunk (a subset of Rolldown's OutputChunk). */
export interface ChunkInfo {
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  /** Chunks this one imports statically: the browser fetches them before it runs. */
  imports: readonly string[];
  modules: Readonly<Record<string, { readonly renderedLength: number }>>;
}

export interface ModuleShare {
  /** A package name (`react-dom`, `@sfm/protocol`) or the source path below apps/web/src. */
  name: string;
  /** Its part of the chunks' gzip size, in proportion to its rendered length. */
  gzipBytes: number;
}

export interface InitialLoad {
  /** The chunks a first visit to the page runs: the entry's static graph and the page's. */
  chunks: { fileName: string; gzipBytes: number }[];
  gzipBytes: number;
  /** Largest first. */
  modules: ModuleShare[];
}

export const gzipSize = (code: string) => gzipSync(code, { level: 9 }).length;

/** Groups a module id by package (node_modules/<name>, workspace packages) or by source file. */
export function moduleGroup(id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const inModules = clean.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const [scope = '', name = ''] = clean.slice(inModules + '/node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const workspace = /\/packages\/([^/]+)\//.exec(clean);
  if (workspace) return `@sfm/${workspace[1]}`;
  const source = clean.indexOf('/apps/web/src/');
  return source >= 0 ? clean.slice(source + '/apps/web/src/'.length) : clean;
}

/**
 * The roots and every chunk they import statically, each once: what the browser fetches before
 * they run.
 */
export function staticGraph<C extends Pick<ChunkInfo, 'fileName' | 'imports'>>(
  roots: readonly C[],
  chunks: readonly C[],
): C[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, C>();
  const visit = (chunk: C) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
}

/**
 * The JavaScript a first visit to a page downloads before it can show that page: the entry chunk,
 * the page's lazy chunk (found by its module, e.g. `see-for-me-page.tsx`) and every chunk they
 * import statically. Lazy chunks the page does not need are not counted.
 */
export function initialLoad(chunks: readonly ChunkInfo[], pageModule: string): InitialLoad {
  const roots = chunks.filter((c) => c.isEntry || c.facadeModuleId?.endsWith(`/${pageModule}`));
  if (!roots.some((c) => !c.isEntry)) throw new Error(`no chunk is the page ${pageModule}`);
  const loaded = staticGraph(roots, chunks);
  const shares = new Map<string, number>();
  const sized = loaded.map((chunk) => {
    const gzipBytes = gzipSize(chunk.code);
    const entries = Object.entries(chunk.modules);
    const rendered = entries.reduce((sum, [, m]) => sum + m.renderedLength, 0) || 1;
    for (const [id, m] of entries) {
      const name = moduleGroup(id);
      shares.set(name, (shares.get(name) ?? 0) + (gzipBytes * m.renderedLength) / rendered);
    }
    return { fileName: chunk.fileName, gzipBytes };
  });
  return {
    chunks: sized.sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipBytes: sized.reduce((sum, c) => sum + c.gzipBytes, 0),
    modules: [...shares]
      .map(([name, gzipBytes]) => ({ name, gzipBytes: Math.round(gzipBytes) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}

/** An entry of Vite's build manifest (dist/.vite/manifest.json): a chunk, by its source. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  /** Manifest keys of the chunks this one imports statically. */
  imports?: string[];
}

/**
 * The built chunks as the report reads them, from the manifest and the files themselves (`read`
 * gives a file's text): what a test of the written build can size without building again.
 */
export function chunksFromManifest(
  manifest: Record<string, ManifestChunk>,
  read: (file: string) => string,
): ChunkInfo[] {
  return Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => ({
      fileName: chunk.file,
      code: read(chunk.file),
      isEntry: chunk.isEntry === true,
      facadeModuleId: chunk.src ? `/${chunk.src}` : null,
      imports: (chunk.imports ?? []).flatMap((key) => manifest[key]?.file ?? []),
      modules: {},
    }));
}
