import { describe, expect, it } from 'vitest';
import { litColourOfPixels } from './traffic-light-colour.ts';

/** `lit` pixels of one colour among dark housing pixels. */
function lamp(rgb: [number, number, number], lit: number, total = 100): Uint8Array {
  const px = new Uint8Array(total * 3).fill(20);
  for (let i = 0; i < lit; i++) px.set(rgb, i * 3);
  return px;
}

describe('litColourOfPixels', () => {
  it('tells red, yellow and green lamps apart', () => {
    expect(litColourOfPixels(lamp([240, 30, 30], 20))).toBe('red');
    expect(litColourOfPixels(lamp([250, 200, 20], 20))).toBe('yellow');
    expect(litColourOfPixels(lamp([20, 230, 150], 20))).toBe('green');
  });
  it('refuses when nothing is lit or colours are mixed', () => {
    expect(litColourOfPixels(lamp([240, 30, 30], 0))).toBeNull();
    const mixed = lamp([240, 30, 30], 20);
    for (let i = 20; i < 40; i++) mixed.set([20, 230, 150], i * 3);
    expect(litColourOfPixels(mixed)).toBeNull();
  });
});
