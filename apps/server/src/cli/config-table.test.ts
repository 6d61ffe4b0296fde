import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS } from './config-table.ts';

describe('the configuration table (docs/configuration.md)', () => {
  it('has a row for every setting of config.ts with its default (npm run docs:config prints the table)', () => {
    const page = readFileSync(resolve(import.meta.dirname, '../../../../docs/configuration.md'), 'utf8');
    const rows = new Map(
      page
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) => {
          const [name = '', fallback = ''] = line
            .split('|')
            .slice(1)
            .map((cell) => cell.trim().replaceAll('`', ''));
          return [name, fallback] as const;
        }),
    );
    for (const [name, [fallback]] of Object.entries(CONFIG_DOCS)) {
      expect(rows.get(name), `docs/configuration.md row for ${name}`).toBe(fallback);
    }
  });
});
