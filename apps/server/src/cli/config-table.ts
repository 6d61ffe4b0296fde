import { MODULES } from '../app.ts';
import { configDocs } from '../config.ts';

/** The configuration table's rows: the shared slices', then each module's own, in the modules' order. */
export const CONFIG_DOCS = configDocs(MODULES);

/** The table of docs/configuration.md, made from the config slices' docs so the two cannot drift apart. */
function configTable(): string {
  const rows = Object.entries(CONFIG_DOCS).map(
    ([name, [fallback, description]]) =>
      `| \`${name}\` | ${fallback.startsWith('(') ? fallback : `\`${fallback}\``} | ${description} |`,
  );
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(configTable());
