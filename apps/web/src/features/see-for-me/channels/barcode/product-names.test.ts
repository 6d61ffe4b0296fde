import { describe, expect, it } from 'vitest';
import { NAME_WAIT_MS, ProductNames, type ProductAnswer } from './product-names.ts';

const TEA = { code: '6901234567892', gtin: '6901234567892' };
const DIGITS = '6 9 0 1 2 3 4 5 6 7 8 9 2';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A lookup the test answers by hand. */
function manualLookup() {
  const asked: { code: string; resolve: (a: ProductAnswer | null) => void; reject: (e: Error) => void }[] =
    [];
  const lookup = (code: string) =>
    new Promise<ProductAnswer | null>((resolve, reject) => asked.push({ code, resolve, reject }));
  return { asked, lookup };
}

describe('ProductNames', () => {
  it('says the name with the number when it comes in time, and keeps it for the next time', async () => {
    const { asked, lookup } = manualLookup();
    const names = new ProductNames(lookup);
    expect(names.read(TEA, 0)).toBeNull();
    expect(names.waiting).toBe(true);
    expect(names.due(100)).toEqual([]);
    asked[0]!.resolve({ name: '茉莉花茶', notes: '' });
    await flush();
    expect(names.due(300)).toEqual([
      {
        say: { key: 'channel-barcode:productNamed', params: { name: '茉莉花茶', notes: '', digits: DIGITS } },
        controls: [],
      },
    ]);
    expect(names.waiting).toBe(false);
    expect(names.read(TEA, 10_000)).toMatchObject({ say: { key: 'channel-barcode:productNamed' } });
    expect(asked).toHaveLength(1);
  });

  it('says the number alone when the name is slow, then the name when it comes, with its notes', async () => {
    const { asked, lookup } = manualLookup();
    const names = new ProductNames(lookup);
    names.read(TEA, 0);
    expect(names.due(NAME_WAIT_MS)).toEqual([
      { say: { key: 'channel-barcode:product', params: { digits: DIGITS } }, controls: [] },
    ]);
    asked[0]!.resolve({ name: '布洛芬缓释胶囊', notes: '每次 1 粒' });
    await flush();
    expect(names.due(NAME_WAIT_MS + 250)).toEqual([
      {
        say: {
          key: 'channel-barcode:productNameNotes',
          params: { name: '布洛芬缓释胶囊', notes: '每次 1 粒', digits: DIGITS },
        },
      },
    ]);
  });

  it('says the number alone for a code nobody knows, and asks again after a failed lookup', async () => {
    const { asked, lookup } = manualLookup();
    const names = new ProductNames(lookup);
    names.read(TEA, 0);
    asked[0]!.reject(new Error('offline'));
    await flush();
    expect(names.due(50)).toEqual([
      { say: { key: 'channel-barcode:product', params: { digits: DIGITS } }, controls: [] },
    ]);
    expect(names.read(TEA, 6_000)).toBeNull();
    asked[1]!.resolve(null);
    await flush();
    expect(names.due(6_050)).toHaveLength(1);
    expect(names.read(TEA, 12_000)).toMatchObject({ say: { key: 'channel-barcode:product' } });
    expect(asked).toHaveLength(2);
  });

  it('looks a UPC-E up by its UPC-A and says it as printed', async () => {
    const { asked, lookup } = manualLookup();
    const names = new ProductNames(lookup);
    names.read({ code: '01234565', gtin: '012345000065' }, 0);
    expect(asked[0]!.code).toBe('012345000065');
    asked[0]!.resolve({ name: 'Soup', notes: '' });
    await flush();
    expect(names.due(10)[0]?.say).toMatchObject({ params: { digits: '0 1 2 3 4 5 6 5' } });
  });
});
