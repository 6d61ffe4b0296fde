import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildImportGraph, type ImportEdge, type ImportGraph } from './import-graph.ts';
import {
  featureNames,
  inFeatureFolder,
  isPrivateReach,
  isPublicFace,
  layerOf,
  type Layout,
  ownerOf,
  SOURCE_ROOTS,
  sourceRootOf,
} from './layout.ts';
import { keysNaming, tableKeys } from './list-entries.ts';
import { isGenerated, readSourceFiles } from './source-files.ts';
import { circles } from './strongly-connected.ts';

/** A file outside a feature that the feature had to be written into, and how it names the feature. */
export interface FootprintFile {
  file: string;
  /** The feature's files it imports (relative imports only; `type` marks a type-only one), and the barrel they came through. */
  imports: { to: string; typeOnly: boolean; via?: string }[];
  /** Its table keys that name the feature (see list-entries.ts). */
  keys: string[];
}

export interface UpwardImport extends ImportEdge {
  fromLayer: string;
  toLayer: string;
}

/**
 * A feature's footprint: `files`, what adding it required (lists, tables, wiring outside any
 * feature, reaches past a face); and `uses`, other features' files that import it through its
 * public face (a link to its page, a form part it shares), shown apart and not counted: the
 * feature does not need them, they need it.
 */
export interface Footprint {
  feature: string;
  files: FootprintFile[];
  uses: FootprintFile[];
}

export interface ArchitectureReport {
  footprints: Footprint[];
  privateImports: ImportEdge[];
  upwardImports: UpwardImport[];
  unplaced: string[];
  /** Per source root: circles of runtime imports, and those that type-only imports close or widen. */
  circles: { root: string; runtime: string[][]; withTypes: string[][] }[];
  largestFiles: { file: string; lines: number }[];
  readme: { bytes: number; lines: number } | undefined;
}

/**
 * Workspace packages the apps import by name, mapped to their files (from package.json `exports`;
 * a pattern such as `"./*": "./src/*.ts"` maps each file it matches).
 */
function workspacePackages(root: string): Map<string, string> {
  const packages = new Map<string, string>();
  const manifest = path.join(root, 'packages/protocol/package.json');
  if (!existsSync(manifest)) return packages;
  const { name, exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    name: string;
    exports?: Record<string, string>;
  };
  const add = (subpath: string, target: string) =>
    packages.set(
      subpath === '.' ? name : `${name}/${subpath.slice(2)}`,
      path.posix.join('packages/protocol', target),
    );
  for (const [subpath, target] of Object.entries(exports ?? {})) {
    if (!subpath.includes('*')) {
      add(subpath, target);
      continue;
    }
    const [before = '', after = ''] = target.split('*');
    const folder = path.posix.dirname(before);
    const entries = existsSync(path.join(root, 'packages/protocol', folder))
      ? readdirSync(path.join(root, 'packages/protocol', folder))
      : [];
    for (const entry of entries) {
      const file = path.posix.join(folder, entry);
      if (!file.startsWith(path.posix.normalize(before)) || !file.endsWith(after)) continue;
      const stem = file.slice(path.posix.normalize(before).length, file.length - after.length);
      // an explicit subpath wins over the pattern, as in Node's resolution
      if (!packages.has(`${name}/${subpath.slice(2).replace('*', stem)}`))
        add(subpath.replace('*', stem), file);
    }
  }
  return packages;
}

/** A file with the files it takes names from and its table keys, worked out once for every feature. */
interface CodeFile {
  path: string;
  imports: { to: string; typeOnly: boolean; via?: string }[];
  keys: Set<string>;
}

/**
 * The files an import takes its names from: a name imported from a barrel (a feature's `index.ts`)
 * is followed to the file that declares it (its `paths.ts`).
 */
function declaringFiles(edge: ImportEdge, graph: ImportGraph) {
  const origins = new Set(edge.names?.map((name) => graph.originOf(edge.to, name)) ?? [edge.to]);
  return [...origins].map((to) => ({ to, typeOnly: edge.typeOnly, ...(to !== edge.to && { via: edge.to }) }));
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/**
 * Files outside the feature that import one of its files or name it in a table. Imports through the
 * contract's package name (`@sfm/protocol`) are not counted: the contract is the shared language
 * every part speaks by design, a page naming a feature's wire type uses the feature rather than
 * lists it, and which feature a barrel import serves cannot be told without resolving symbols. The
 * barrel itself (`protocol/src/index.ts`, when it re-exports a feature's schemas) is counted.
 *
 * An import from another feature's folder through the feature's public face is a use, listed
 * apart (a file may be in both lists). A list kept inside a feature and reached through faces would
 * be listed there too, so the uses are printed in full, to be read.
 */
function footprint(
  feature: string,
  code: readonly CodeFile[],
  features: string[],
  layout: Layout,
): Footprint {
  const files: FootprintFile[] = [];
  const uses: FootprintFile[] = [];
  for (const { path: file, imports: all, keys: allKeys } of code) {
    if (ownerOf(file, features) === feature) continue;
    const imports = all.filter((use) => ownerOf(use.to, features) === feature);
    const isUse = (use: (typeof imports)[number]) =>
      inFeatureFolder(file) && isPublicFace(use.via ?? use.to, layout);
    const required = imports.filter((use) => !isUse(use));
    const keys = ownerOf(file, features) === undefined ? keysNaming(feature, allKeys) : [];
    if (required.length > 0 || keys.length > 0) files.push({ file, imports: required, keys });
    if (imports.some(isUse)) uses.push({ file, imports: imports.filter(isUse), keys: [] });
  }
  return { feature, files, uses };
}

function circlesOf(root: string, edges: readonly ImportEdge[]) {
  const inRoot = edges.filter((e) => e.from.startsWith(root) && e.to.startsWith(root));
  const runtime = circles(inRoot.filter((e) => !e.typeOnly));
  const seen = new Set(runtime.map((c) => c.join('\n')));
  return { root, runtime, withTypes: circles(inRoot).filter((c) => !seen.has(c.join('\n'))) };
}

export function measure(root: string, layout: Layout): ArchitectureReport {
  const files = readSourceFiles(root, SOURCE_ROOTS);
  const graph = buildImportGraph(files, workspacePackages(root));
  const { edges } = graph;
  const features = featureNames(files.map((f) => f.path));
  const code: CodeFile[] = files.map((f) => ({
    path: f.path,
    imports: edges.filter((e) => e.from === f.path && !e.viaPackage).flatMap((e) => declaringFiles(e, graph)),
    keys: tableKeys(f),
  }));

  const upwardImports: UpwardImport[] = [];
  for (const edge of edges) {
    const from = layerOf(edge.from);
    const to = layerOf(edge.to);
    if (from && to && from.root === to.root && to.rank > from.rank) {
      upwardImports.push({ ...edge, fromLayer: from.name, toLayer: to.name });
    }
  }
  const readmePath = path.join(root, 'README.md');
  const readme = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : undefined;

  return {
    footprints: features.map((feature) => footprint(feature, code, features, layout)),
    privateImports: edges.filter((e) => isPrivateReach(e.from, e.to, layout)),
    upwardImports,
    unplaced: files.filter((f) => sourceRootOf(f.path) && !layerOf(f.path)).map((f) => f.path),
    circles: SOURCE_ROOTS.map((r) => circlesOf(r, edges)),
    largestFiles: files
      .filter((f) => !isGenerated(f.text))
      .map((f) => ({ file: f.path, lines: lineCount(f.text) }))
      .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file))
      .slice(0, 10),
    readme: readme === undefined ? undefined : { bytes: Buffer.byteLength(readme), lines: lineCount(readme) },
  };
}
