import ts from 'typescript';
import type { SourceFile } from './source-files.ts';

/**
 * The keys of a file's table entries: object-literal properties whose value is a path (a string
 * starting with "/") or a nested table (an object literal). This is how a feature is named in a
 * list without importing it: `marketUse: '/market/use/:id'` in a route table, `points: { … }` in
 * the main string bundle, `pointsLogs: { method, path, … }` in the endpoint table. A label, an
 * array or a variable under such a key (`points: [p, q]` in geometry) is not an entry.
 */
export function tableKeys(file: SourceFile): Set<string> {
  const kind = file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, kind);
  const keys = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      ((ts.isStringLiteralLike(node.initializer) && node.initializer.text.startsWith('/')) ||
        ts.isObjectLiteralExpression(node.initializer))
    ) {
      keys.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The keys among `keys` that name the feature: its name in camel case, alone or leading a compound. */
export function keysNaming(feature: string, keys: ReadonlySet<string>): string[] {
  const name = camel(feature);
  return [...keys].filter(
    (key) => key === name || (key.startsWith(name) && /^[A-Z]/.test(key.slice(name.length))),
  );
}
