import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** The built JavaScript of the web app in a mode, in memory. */
async function builtCode(mode: 'production' | 'native'): Promise<string> {
  const result = await build({ root, mode, logLevel: 'silent', build: { write: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs
    .flatMap((o) => o.output)
    .map((file) => (file.type === 'chunk' ? file.code : ''))
    .join('\n');
}

describe('the native build', () => {
  it('leaves the admin area out, which the web build has', { timeout: 60_000 }, async () => {
    expect(await builtCode('production')).toContain('/bme_admin');
    expect(await builtCode('native')).not.toContain('/bme_admin');
  });
});
