import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { garmentWords } from './colour-words.ts';

const say = (garment: Parameters<typeof garmentWords>[0]) => {
  const words = garmentWords(garment, (key, params) => i18n.t(key, params));
  return 'key' in words ? i18n.t(words.key, words.params) : words.text;
};

describe('what a tap says of a garment', () => {
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('in Chinese: the pattern by its colours, named colour first, then the colours', () => {
    expect(say({ colours: ['navy'], pattern: 'solid' })).toBe('藏青色，纯色');
    expect(say({ colours: ['white', 'navy'], pattern: 'stripes' })).toBe('蓝白条纹，藏青色和白色');
    expect(say({ colours: ['black', 'red'], pattern: 'checks' })).toBe('红黑格子，红色和黑色');
    expect(say({ colours: ['white', 'pink', 'green'], pattern: 'patterned' })).toBe(
      '有花纹，主要是粉红色、绿色和白色',
    );
    // two blues are one family: 蓝 once
    expect(say({ colours: ['navy', 'lightBlue'], pattern: 'stripes' })).toBe('蓝条纹，藏青色和浅蓝色');
  });

  it('in English', async () => {
    await i18n.changeLanguage('en');
    expect(say({ colours: ['white', 'navy'], pattern: 'stripes' })).toBe(
      'blue and white stripes: navy and white',
    );
    expect(say({ colours: ['khaki'], pattern: 'solid' })).toBe('khaki, plain');
  });
});
