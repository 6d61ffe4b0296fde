import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { base64Field, isBase64 } from './base64.ts';

describe('isBase64', () => {
  it('takes the standard alphabet with up to two pads at the end', () => {
    expect(isBase64(Buffer.from('any carnal pleas').toString('base64'))).toBe(true);
    expect(isBase64('QUJD')).toBe(true);
    expect(isBase64('QUI=')).toBe(true);
    expect(isBase64('QQ==')).toBe(true);
    expect(isBase64('+/9z')).toBe(true);
  });

  it('refuses empty text, a third pad, pads inside, other alphabets, prefixes and line breaks', () => {
    for (const text of [
      '',
      '=',
      '==',
      'QQ===',
      'Q=Q=',
      'QUJD-_',
      'data:image/jpeg;base64,QUJD',
      'QUJD\nQUJD',
      'QUJD ',
      'QUJDé',
    ]) {
      expect(isBase64(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('base64Field', () => {
  const field = base64Field('errors.image_invalid', { maxChars: 8, tooLarge: 'errors.image_too_large' });
  const error = (value: string) => field.safeParse(value).error?.issues[0]?.message;

  it('names the field’s own errors: malformed, empty, too large', () => {
    expect(field.parse('QUJD')).toBe('QUJD');
    expect(error('QU!D')).toBe('errors.image_invalid');
    expect(error('')).toBe('errors.image_invalid');
    expect(error('QUJDQUJDQUJD')).toBe('errors.image_too_large');
  });
});

describe('base64Field in JSON Schema', () => {
  it('says it holds base64 (the hostile-input tests find the uploads by it)', () => {
    const schema = z.toJSONSchema(base64Field('errors.audio_invalid'), { unrepresentable: 'any' });
    expect(schema).toMatchObject({ type: 'string', contentEncoding: 'base64' });
  });
});
