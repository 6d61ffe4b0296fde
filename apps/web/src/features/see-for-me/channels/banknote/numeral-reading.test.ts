import { describe, expect, it } from 'vitest';
import { foreignCurrencyIn, numeralsIn } from './numeral-reading.ts';

describe('numeralsIn', () => {
  it('reads a note’s large numerals, the sure ones and the ones that may be a piece of a larger value', () => {
    expect(numeralsIn('100')).toEqual([{ value: 100, weak: false }]);
    expect(numeralsIn('50')).toEqual([{ value: 50, weak: false }]);
    expect(numeralsIn('20')).toEqual([{ value: 20, weak: false }]);
    expect(numeralsIn('10')).toEqual([{ value: 10, weak: true }]);
    expect(numeralsIn('5')).toEqual([{ value: 5, weak: true }]);
    expect(numeralsIn('1')).toEqual([{ value: 1, weak: true }]);
  });

  it('takes the OCR’s letters for digits inside a numeral', () => {
    for (const noisy of ['1OO', 'l00', 'I0O', '1oo', '|00', '1DO']) {
      expect(numeralsIn(noisy)).toEqual([{ value: 100, weak: false }]);
    }
    expect(numeralsIn('5O')).toEqual([{ value: 50, weak: false }]);
    expect(numeralsIn('S0')).toEqual([{ value: 50, weak: false }]);
    expect(numeralsIn('2O')).toEqual([{ value: 20, weak: false }]);
    expect(numeralsIn('１００')).toEqual([{ value: 100, weak: false }]);
  });

  it('never makes a value of a word, however much it looks like digits', () => {
    for (const word of ['IOO', 'SO', 'lO', 'ZOO', 'OIL', 'YUAN', 'ZHONGGUO RENMIN YINHANG', 'SOLO']) {
      expect(numeralsIn(word)).toEqual([]);
    }
  });

  it('reads whole tokens only: a serial number, the series year or a price is no note value', () => {
    for (const text of [
      'AB12345678',
      '2019',
      '2020年版',
      '1000',
      '105',
      '0.50',
      '5.00',
      '150',
      'J4K6 123456',
    ]) {
      expect(numeralsIn(text)).toEqual([]);
    }
  });

  it('reads the value with its unit and the back’s YUAN', () => {
    expect(numeralsIn('100元')).toEqual([{ value: 100, weak: false }]);
    expect(numeralsIn('¥50')).toEqual([{ value: 50, weak: false }]);
    expect(numeralsIn('20 YUAN')).toEqual([{ value: 20, weak: false }]);
    expect(numeralsIn('20YUAN')).toEqual([{ value: 20, weak: false }]);
  });

  it('reads an upside-down 100 or 10 as a doubtful reading of it', () => {
    expect(numeralsIn('001')).toEqual([{ value: 100, weak: true }]);
    expect(numeralsIn('0l')).toEqual([{ value: 10, weak: true }]);
  });

  it('reads the value in Chinese capitals, the longer first, with 圆 read as 园 too', () => {
    expect(numeralsIn('壹佰圆')).toEqual([{ value: 100, weak: false }]);
    expect(numeralsIn('伍拾圆')).toEqual([{ value: 50, weak: false }]);
    expect(numeralsIn('贰拾园')).toEqual([{ value: 20, weak: false }]);
    expect(numeralsIn('拾圆')).toEqual([{ value: 10, weak: true }]);
    expect(numeralsIn('伍圆')).toEqual([{ value: 5, weak: true }]);
    expect(numeralsIn('壹圆')).toEqual([{ value: 1, weak: true }]);
    expect(numeralsIn('中国人民银行壹佰圆')).toEqual([{ value: 100, weak: false }]);
    expect(numeralsIn('壹佰')).toEqual([{ value: 100, weak: false }]);
  });

  it('needs the unit after a capital inside other words', () => {
    expect(numeralsIn('中国人民银行')).toEqual([]);
    expect(numeralsIn('一百年')).toEqual([]);
    expect(numeralsIn('十分')).toEqual([]);
    expect(numeralsIn('伍')).toEqual([]);
  });
});

describe('foreignCurrencyIn', () => {
  it('finds the words of another currency', () => {
    for (const text of [
      'ONE HUNDRED DOLLARS',
      'FEDERAL RESERVE NOTE',
      '€50',
      '壹佰圓',
      '香港上海滙豐銀行',
      'BANK OF ENGLAND £20',
      '日本銀行券',
      '1000円',
    ]) {
      expect(foreignCurrencyIn(text)).toBe(true);
    }
  });

  it('not in a yuan note’s own words', () => {
    for (const text of [
      '中国人民银行',
      'ZHONGGUO RENMIN YINHANG',
      '100 YUAN',
      '壹佰圆',
      '¥100',
      '2019年版',
    ]) {
      expect(foreignCurrencyIn(text)).toBe(false);
    }
  });
});
