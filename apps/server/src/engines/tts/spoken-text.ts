/**
 * Printed numbers as a Chinese listener expects to hear them, for the embedded voice (espeak-ng's
 * Mandarin reads "20 mg" as the letters "em ji", "50%" as "五十 percent", a phone number as one
 * huge number and "23:00" as "二十三 零零"). The text on screen keeps its exact quote; only what
 * is spoken changes. Cloud voices normalise for themselves. Text without Chinese is left alone:
 * espeak's English reads "20 mg" in an English sentence well enough.
 */

const DIGITS = '零一二三四五六七八九';

/** Digit by digit, as phone numbers are read ("1" as 幺, so it is never heard as 七). */
const digitByDigit = (digits: string, one = '幺') =>
  [...digits].map((d) => (d === '1' ? one : DIGITS[Number(d)])).join('');

/** Units after a number, longest first so "mg" is not taken for "m". */
const UNITS: readonly [string, string][] = [
  ['kcal', '千卡'],
  ['mcg', '微克'],
  ['μg', '微克'],
  ['µg', '微克'],
  ['mg', '毫克'],
  ['kg', '千克'],
  ['ml', '毫升'],
  ['mL', '毫升'],
  ['cm', '厘米'],
  ['mm', '毫米'],
  ['km', '公里'],
  ['kJ', '千焦'],
  ['IU', '国际单位'],
  ['°C', '摄氏度'],
  ['℃', '摄氏度'],
  ['g', '克'],
  ['L', '升'],
  ['m', '米'],
];

const unitPattern = new RegExp(
  `(\\d+(?:\\.\\d+)?)\\s?(${UNITS.map(([u]) => u.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{Script=Latin}\\d])`,
  'gu',
);
const unitWords = new Map(UNITS);

const hasChinese = (text: string) => /\p{Script=Han}/u.test(text);

export function spokenText(text: string): string {
  if (!hasChinese(text)) return text;
  return (
    text
      // dates: 2027-03-01, 2027/3/1, 2027.03.01 → 二零二七年3月1日
      .replace(
        /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g,
        (_, y: string, m: string, d: string) => `${digitByDigit(y, '一')}年${Number(m)}月${Number(d)}日`,
      )
      // a year is read digit by digit: 2027年 → 二零二七年
      .replace(/(?<!\d)(\d{4})年/g, (_, y: string) => `${digitByDigit(y, '一')}年`)
      // times: 23:00 → 23点, 7:05 → 7点零5分
      .replace(/(?<![\d:])([01]?\d|2[0-4]):([0-5]\d)(?![\d:])/g, (_, h: string, mm: string) => {
        if (mm === '00') return `${Number(h)}点`;
        return `${Number(h)}点${mm.startsWith('0') ? `零${mm[1]}` : mm}分`;
      })
      // phone numbers and other long codes (7 digits and more, dashes allowed): digit by digit
      .replace(/(?<![\d.])\d{3,4}(?:-\d{3,8})+(?![\d.])|(?<![\d.])\d{7,}(?![\d.])/g, (code) =>
        code
          .split('-')
          .map((part) => digitByDigit(part))
          .join('，'),
      )
      // money: ¥12.50 → 12.50元
      .replace(/[¥￥]\s?(\d+(?:\.\d+)?)/g, '$1元')
      .replace(/\$\s?(\d+(?:\.\d+)?)/g, '$1美元')
      // percent: 50% → 百分之50
      .replace(/(\d+(?:\.\d+)?)\s?[%％]/g, '百分之$1')
      .replace(unitPattern, (_, n: string, unit: string) => `${n}${unitWords.get(unit) ?? unit}`)
  );
}
