/**
 * Typed access to every Chinese phrase the embedded engine speaks (they live in JSON so wording can be
 * reviewed and changed without touching logic) and to the COCO class names.
 */
import cocoLabels from './coco-labels.zh-CN.json' with { type: 'json' };
import phrases from './phrases.zh-CN.json' with { type: 'json' };

export { phrases };

export interface ClassName {
  name: string;
  measure: string;
}

const labels: Record<string, ClassName> = cocoLabels;

/** Chinese name and measure word of a COCO class; unknown labels fall back to 个 and the raw label. */
export function classNameOf(label: string): ClassName {
  return labels[label] ?? { name: label, measure: '个' };
}

export const cocoClassLabels: readonly string[] = Object.keys(labels);

/** Fills `{key}` slots of a phrase template. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** Spoken Chinese count: 一…十 (两 for 2, as a measure word follows), digits above ten (TTS reads them). */
export function countWord(n: number): string {
  return phrases.numbers[n] ?? String(n);
}
