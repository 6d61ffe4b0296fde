import path from 'node:path';
import ts from 'typescript';
import type { SourceFile } from './source-files.ts';

/** One file naming another in an import or export-from; `type` when only types cross it. */
export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
  /** Through a workspace package's name (`@sfm/protocol`) rather than a relative path. */
  viaPackage: boolean;
  /** The names taken from it; undefined when the whole module is (`* as`, `import()`, side effects). */
  names?: string[];
}

interface Specifier {
  text: string;
  typeOnly: boolean;
  names?: string[];
}

/** What a module passes on from another: `export * from` (names '*') or `export { a as b } from`. */
interface ReExport {
  text: string;
  /** exported name → the name in the other module */
  names: Map<string, string> | '*';
}

/** What a file imports and exports, read once from its syntax. */
export interface ModuleShape {
  specifiers: Specifier[];
  /** Names the file itself declares and exports. */
  declared: Set<string>;
  reExports: ReExport[];
}

const allTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
  elements.length > 0 && elements.every((e) => e.isTypeOnly);

function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && bindings !== undefined && ts.isNamedImports(bindings) && allTypes(bindings.elements);
}

function exportIsTypeOnly(node: ts.ExportDeclaration): boolean {
  const clause = node.exportClause;
  return node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && allTypes(clause.elements));
}

/** `new URL('./worker.ts', import.meta.url)`: how a worker or a sibling script is loaded. */
function urlBesideModule(node: ts.NewExpression): string | undefined {
  const [first, second] = node.arguments ?? [];
  const isUrl = ts.isIdentifier(node.expression) && node.expression.text === 'URL';
  const besideModule = second !== undefined && second.getText() === 'import.meta.url';
  return isUrl && besideModule && first && ts.isStringLiteral(first) ? first.text : undefined;
}

function importedNames(clause: ts.ImportClause | undefined): string[] | undefined {
  if (!clause) return undefined;
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) return undefined;
  const named = bindings ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : [];
  return clause.name ? ['default', ...named] : named;
}

const EXPORTED = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function declaredNames(node: ts.Statement): string[] {
  if (!EXPORTED(node)) return [];
  if (ts.isVariableStatement(node)) {
    return node.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  }
  const named = node as ts.Statement & { name?: ts.Node };
  return named.name && ts.isIdentifier(named.name) ? [named.name.text] : [];
}

/**
 * What a file imports (static imports, export-from, `import()`, `import('x').T` types and
 * `new URL(…, import.meta.url)`) and what it exports, so a name imported from a barrel can be
 * followed to the file that declares it.
 */
export function parseModule(file: SourceFile): ModuleShape {
  const kind = file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, kind);
  const shape: ModuleShape = { specifiers: [], declared: new Set(), reExports: [] };
  for (const statement of source.statements) {
    for (const name of declaredNames(statement)) shape.declared.add(name);
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause)) {
        for (const e of statement.exportClause.elements) shape.declared.add(e.name.text);
      }
    }
    if (ts.isExportAssignment(statement)) shape.declared.add('default');
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      shape.specifiers.push({
        text: node.moduleSpecifier.text,
        typeOnly: importIsTypeOnly(node),
        names: importedNames(node.importClause),
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const text = node.moduleSpecifier.text;
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? new Map(clause.elements.map((e) => [e.name.text, (e.propertyName ?? e.name).text]))
          : undefined;
      shape.specifiers.push({ text, typeOnly: exportIsTypeOnly(node), names: names && [...names.values()] });
      shape.reExports.push({ text, names: clause === undefined ? '*' : (names ?? new Map()) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument))
        shape.specifiers.push({ text: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node)) {
      const literal = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : undefined;
      if (literal && ts.isStringLiteral(literal))
        shape.specifiers.push({ text: literal.text, typeOnly: true });
    } else if (ts.isNewExpression(node)) {
      const url = urlBesideModule(node);
      if (url) shape.specifiers.push({ text: url, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return shape;
}

const CANDIDATE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * Where a specifier lands among the known files, or undefined (a package, a stylesheet, a file
 * outside the measured folders). `packages` maps a workspace package specifier to its file.
 */
export function resolveSpecifier(
  specifier: string,
  from: string,
  known: ReadonlySet<string>,
  packages: ReadonlyMap<string, string>,
): { to: string; viaPackage: boolean } | undefined {
  const packageFile = packages.get(specifier);
  if (packageFile !== undefined)
    return known.has(packageFile) ? { to: packageFile, viaPackage: true } : undefined;
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [...CANDIDATE_SUFFIXES.map((s) => base + s), stem + '.ts', stem + '.tsx']) {
    if (known.has(candidate)) return { to: candidate, viaPackage: false };
  }
  return undefined;
}

/** The files' import graph, with a way to follow a name through barrels to where it is declared. */
export interface ImportGraph {
  edges: ImportEdge[];
  /** The file that declares `name` as `file` exports it (`file` itself unless it passes the name on). */
  originOf(file: string, name: string): string;
}

/** Two imports of one file by another (a type and a value) are one edge, a value one if either is. */
function merge(earlier: ImportEdge | undefined, edge: ImportEdge): ImportEdge {
  if (!earlier) return edge;
  const names = earlier.names && edge.names ? [...new Set([...earlier.names, ...edge.names])] : undefined;
  return { ...edge, typeOnly: earlier.typeOnly && edge.typeOnly, names };
}

export function buildImportGraph(
  files: readonly SourceFile[],
  packages: ReadonlyMap<string, string>,
): ImportGraph {
  const known = new Set(files.map((f) => f.path));
  const shapes = new Map(files.map((f) => [f.path, parseModule(f)]));
  const resolve = (text: string, from: string) => resolveSpecifier(text, from, known, packages);
  const edges = new Map<string, ImportEdge>();
  for (const [from, shape] of shapes) {
    for (const { text, typeOnly, names } of shape.specifiers) {
      const target = resolve(text, from);
      if (!target || target.to === from) continue;
      const key = `${from}\n${target.to}`;
      edges.set(key, merge(edges.get(key), { from, ...target, typeOnly, ...(names && { names }) }));
    }
  }

  /** Whether `file` exports `name` at all, declared there or passed on from another module. */
  const exportsName = (file: string, name: string, seen = new Set<string>()): boolean => {
    const shape = shapes.get(file);
    if (!shape || seen.has(file)) return false;
    if (shape.declared.has(name)) return true;
    seen.add(file);
    return shape.reExports.some(({ text, names }) => {
      const target = resolve(text, file)?.to;
      const inner = names === '*' ? name : names.get(name);
      return target !== undefined && inner !== undefined && exportsName(target, inner, seen);
    });
  };
  const originOf = (file: string, name: string): string => {
    const shape = shapes.get(file);
    if (!shape || shape.declared.has(name)) return file;
    for (const { text, names } of shape.reExports) {
      const target = resolve(text, file)?.to;
      const inner = names === '*' ? name : names.get(name);
      if (target && inner !== undefined && exportsName(target, inner)) return originOf(target, inner);
    }
    return file;
  };
  return { edges: [...edges.values()], originOf };
}
