// @ts-check
/**
 * One lint rule for the dependency direction of the whole repo. Imports are resolved to real
 * paths (relative specifiers against the importing file) before they are judged, so a rule cannot
 * silently miss `../../app/x.ts` the way glob patterns on the raw specifier do.
 */
import path from 'node:path';

/**
 * @typedef {object} Zone
 * @property {string} name
 * @property {string[]} files repo-relative prefixes of the files the zone governs
 * @property {string} [fileRegex] only files (repo-relative) matching this as well
 * @property {string[]} [except] prefixes excluded from `files`
 * @property {string[]} [forbidPaths] repo-relative prefixes no import may resolve into
 * @property {string} [forbidPathRegex] no import may resolve to a path matching this
 * @property {string[]} [forbidPackages] package specifiers (or prefixes ending in '/') not allowed
 * @property {string} message why
 *
 * @typedef {object} Faces
 * @property {string} root the folder whose sub-folders are features (repo-relative, ending in '/')
 * @property {string[]} entries the file names of a feature's public face
 */

/** @param {string} p */
const posix = (p) => p.split(path.sep).join('/');

/**
 * @param {string} spec
 * @param {string[]} packages
 */
function matchesPackage(spec, packages) {
  return packages.some((p) =>
    p.endsWith('/') ? spec.startsWith(p) : spec === p || spec.startsWith(`${p}/`),
  );
}

/**
 * Where an import lands, repo-relative; null for a package.
 * @param {string} spec
 * @param {string} fromFile repo-relative
 */
function resolveTarget(spec, fromFile) {
  if (!spec.startsWith('.')) return null;
  return posix(path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec)));
}

/**
 * @param {Zone} zone
 * @param {string} file
 */
function governs(zone, file) {
  if (!zone.files.some((f) => file.startsWith(f))) return false;
  if (zone.except?.some((f) => file.startsWith(f))) return false;
  return zone.fileRegex ? new RegExp(zone.fileRegex).test(file) : true;
}

/**
 * @param {Zone} zone
 * @param {string} spec
 * @param {string | null} target
 */
function violates(zone, spec, target) {
  if (target === null) return matchesPackage(spec, zone.forbidPackages ?? []);
  if (zone.forbidPaths?.some((p) => target.startsWith(p))) return true;
  return zone.forbidPathRegex ? new RegExp(zone.forbidPathRegex).test(target) : false;
}

/**
 * A feature may use another feature only through that feature's public face.
 * @param {Faces | undefined} faces
 * @param {string} file
 * @param {string | null} target
 */
function bypassesFace(faces, file, target) {
  if (!faces || target === null || !file.startsWith(faces.root) || !target.startsWith(faces.root))
    return null;
  const own = file.slice(faces.root.length).split('/')[0];
  const [other, ...rest] = target.slice(faces.root.length).split('/');
  if (own === other || rest.length === 0) return null;
  return rest.length === 1 && faces.entries.includes(rest[0] ?? '') ? null : other;
}

/** @type {import('eslint').Rule.RuleModule} */
export const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the dependency direction of the repo' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: { type: 'array' },
          faces: { type: 'object' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      zone: '{{name}}: {{message}} (import "{{spec}}")',
      face: 'import feature "{{feature}}" through its public face (index.ts), not "{{spec}}"',
    },
  },
  create(context) {
    const options = /** @type {{ zones?: Zone[]; faces?: Faces }} */ (context.options[0] ?? {});
    const file = posix(path.relative(context.cwd, context.filename));
    const zones = (options.zones ?? []).filter((z) => governs(z, file));
    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      const target = resolveTarget(spec, file);
      for (const zone of zones) {
        if (violates(zone, spec, target)) {
          context.report({
            node: source,
            messageId: 'zone',
            data: { name: zone.name, message: zone.message, spec },
          });
        }
      }
      const feature = bypassesFace(options.faces, file, target);
      if (feature) context.report({ node: source, messageId: 'face', data: { feature, spec } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries: boundariesRule } };
