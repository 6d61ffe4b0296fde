import { PIECE_OF, type NoteValue } from './denominations.ts';

/** A value read off one line of text. */
export interface NumeralReading {
  value: NoteValue;
  /**
   * The reading may be a piece of a larger value (PIECE_OF) or the note read upside down ("001",
   * "0S"):
   * it counts only where the note's colour agrees.
   */
  weak: boolean;
}

/**
 * Characters the OCR confuses with digits in a note's large numerals ("1OO", "l00", "5O", "S0"):
 * mapped only inside a token that has a real digit as well, so a word (SO, IO, ZOO) is never a value.
 */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  i: '1',
  l: '1',
  L: '1',
  '|': '1',
  '!': '1',
  S: '5',
  s: '5',
  Z: '2',
  z: '2',
};
const NUMERAL_TOKEN = /^[0-9ODQIiLlo|!SsZz]+$/;
/** The printed word after a value ("100 YUAN" on the back, "100元"), read into the token or apart. */
const YUAN_SUFFIX = /YUAN$/i;

/** Whole tokens that are a note's value, and the one each stands for when read upside down. */
const ARABIC: Readonly<Record<string, NoteValue>> = {
  '100': 100,
  '50': 50,
  '20': 20,
  '10': 10,
  '5': 5,
  '1': 1,
};
const UPSIDE_DOWN: Readonly<Record<string, NoteValue>> = { '001': 100, '05': 50, '02': 20, '01': 10 };

/**
 * The values in Chinese capitals (壹佰圆 … 壹圆) and their everyday forms, the longer first so
 * 伍拾圆 is read as 50 and not as its piece 拾圆. The OCR often reads 圆 as 园.
 */
const CAPITALS: readonly [RegExp, NoteValue][] = [
  [/^[壹一][佰百]$/u, 100],
  [/^[伍五][拾十]$/u, 50],
  [/^[贰二][拾十]$/u, 20],
  [/^[拾十]$/u, 10],
  [/^[伍五]$/u, 5],
  [/^[壹一]$/u, 1],
];
const CAPITAL_RUN = /([壹一][佰百]|[伍五][拾十]|[贰二][拾十]|[壹一伍五拾十])([圆元园])?/gu;
const HAN_RUN = /\p{Script=Han}+/gu;

function capitals(text: string): NumeralReading[] {
  const found: NumeralReading[] = [];
  for (const run of text.match(HAN_RUN) ?? []) {
    for (const [whole, numeral, unit] of run.matchAll(CAPITAL_RUN)) {
      const value = CAPITALS.find(([pattern]) => pattern.test(numeral!))?.[1];
      if (value === undefined) continue;
      const twoCharacters = numeral!.length === 2;
      // a capital counts where the unit follows it (拾圆), or where it is all the run says (壹佰)
      if (!unit && !(twoCharacters && whole === run)) continue;
      found.push({ value, weak: !twoCharacters });
    }
  }
  return found;
}

function arabic(text: string): NumeralReading[] {
  const found: NumeralReading[] = [];
  const tokens = text
    .replace(/[元圆园¥￥]/gu, ' ')
    // a point or comma between digits belongs to the token ("0.50" is no 50); at its ends it does not
    .split(/[^0-9A-Za-z|!.,]+/)
    .map((token) => token.replace(/^[.,]+|[.,]+$/g, '').replace(YUAN_SUFFIX, ''));
  for (const token of tokens) {
    if (!NUMERAL_TOKEN.test(token) || !/\d/.test(token)) continue;
    const digits = [...token].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');
    const upright = ARABIC[digits];
    if (upright !== undefined) found.push({ value: upright, weak: PIECE_OF[upright] !== undefined });
    const flipped = UPSIDE_DOWN[digits];
    if (flipped !== undefined) found.push({ value: flipped, weak: true });
  }
  return found;
}

/** The note values one OCR line reads as: its numerals in figures and in Chinese capitals. */
export function numeralsIn(text: string): NumeralReading[] {
  const normal = text.normalize('NFKC');
  return [...arabic(normal), ...capitals(normal)];
}

/** The words a yuan note prints besides its value: the bank's name, its pinyin, the back's YUAN. */
const YUAN_WORDS = /人民银行|RENMIN|YINHANG|YUAN/iu;

export const yuanWordsIn = (text: string): boolean => YUAN_WORDS.test(text.normalize('NFKC'));

/**
 * Words of another currency (the traditional 圓 and 銀行 of Hong Kong, Macau and Taiwan notes,
 * whose 100s are red too; dollars, euros, yen…): where one is read, the note is not taken for yuan.
 */
const FOREIGN_HAN = /[圓円]|銀行|香港|澳[門门]|臺灣|台湾|新臺幣/u;
const FOREIGN_WORDS = new Set([
  'DOLLAR',
  'DOLLARS',
  'EURO',
  'EUROS',
  'POUND',
  'POUNDS',
  'STERLING',
  'YEN',
  'WON',
  'RUPEE',
  'RUPEES',
  'BAHT',
  'RINGGIT',
  'PESO',
  'PESOS',
  'FRANC',
  'FRANCS',
  'HONG',
  'KONG',
  'MACAU',
  'TAIWAN',
  'SINGAPORE',
  'FEDERAL',
  'RESERVE',
]);
const FOREIGN_SIGNS = /[$€£₩₹]/u;

export function foreignCurrencyIn(text: string): boolean {
  const normal = text.normalize('NFKC');
  if (FOREIGN_HAN.test(normal) || FOREIGN_SIGNS.test(normal)) return true;
  return normal
    .toUpperCase()
    .split(/[^A-Z]+/)
    .some((word) => FOREIGN_WORDS.has(word));
}
