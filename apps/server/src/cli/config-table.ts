import { CONFIG_DOCS } from '../config.ts';

/** The table of docs/configuration.md, made from the config slices' docs so the two cannot drift apart. */
function configTable(): string {
  const rows = Object.entries(CONFIG_DOCS).map(
    ([name, [fallback, description]]) =>
      `| \`${name}\` | ${fallback.startsWith('(') ? fallback : `\`${fallback}\``} | ${description} |`,
  );
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(configTable());
