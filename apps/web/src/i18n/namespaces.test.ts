import { describe, expect, it } from 'vitest';

/** Every key path of a catalogue, with the kind of what it holds (text, list), sorted. */
function shape(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [`${path}: text`];
  if (Array.isArray(value)) return [`${path}: list`];
  if (typeof value !== 'object' || value === null) return [`${path}: ${typeof value}`];
  return Object.entries(value)
    .flatMap(([key, inner]) => shape(inner, path ? `${path}.${key}` : key))
    .sort();
}

// each folder's zh-CN.ts beside its en.ts: the shell's (./) and every feature's namespace
const zhCN = import.meta.glob<Record<string, unknown>>('./**/zh-CN.ts', { eager: true });
const en = import.meta.glob<Record<string, unknown>>('./**/en.ts', { eager: true });
const only = (module: Record<string, unknown> | undefined) => Object.values(module ?? {})[0];

describe('the catalogues', () => {
  it.each(Object.keys(zhCN))('%s: English has every key zh-CN has, and no other', (file) => {
    const english = en[file.replace(/zh-CN\.ts$/, 'en.ts')];
    expect(english).toBeDefined();
    expect(shape(only(english))).toEqual(shape(only(zhCN[file])));
  });
});
