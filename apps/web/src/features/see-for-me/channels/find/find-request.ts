import { channelFindEn } from '../../../../i18n/channel-find/en.ts';
import { channelFindZhCN } from '../../../../i18n/channel-find/zh-CN.ts';
import type { TargetId, UnfindableId } from './find-targets.ts';

/** What a question in 寻物 asks for: a thing to find, one the detector cannot see, or neither. */
export type FindRequest = { kind: 'target'; id: TargetId } | { kind: 'unfindable'; id: UnfindableId } | null;

type Words = Readonly<Record<string, readonly string[]>>;

/** The words each thing is asked by, in both languages: "找杯子" and "find the cup" work in either. */
const TARGET_WORDS = [channelFindZhCN.askedFor, channelFindEn.askedFor] as Words[];
const UNFINDABLE_WORDS = [channelFindZhCN.unfindableAskedFor, channelFindEn.unfindableAskedFor] as Words[];

const latin = /^[a-z ]+$/i;

/** Where `word` stands in `question`: a Latin word only as a whole word ("cup", not "cupboard"). */
function occurs(question: string, word: string): boolean {
  if (!latin.test(word)) return question.includes(word);
  return new RegExp(`\\b${word}s?\\b`, 'i').test(question);
}

/** The longest word of `tables` in the question, and whose it is (书包 is a backpack, not a book). */
function longestNamed(question: string, tables: readonly Words[]): { id: string; length: number } | null {
  let best: { id: string; length: number } | null = null;
  for (const table of tables) {
    for (const [id, words] of Object.entries(table)) {
      for (const word of words) {
        if (word.length > (best?.length ?? 0) && occurs(question, word)) best = { id, length: word.length };
      }
    }
  }
  return best;
}

/** "找杯子", "帮我找一下手机", "椅子在哪", "find my backpack"; "找钥匙" is a thing it cannot see. */
export function findRequest(question: string): FindRequest {
  const target = longestNamed(question, TARGET_WORDS);
  const unfindable = longestNamed(question, UNFINDABLE_WORDS);
  if (target && (!unfindable || target.length >= unfindable.length)) {
    return { kind: 'target', id: target.id as TargetId };
  }
  return unfindable ? { kind: 'unfindable', id: unfindable.id as UnfindableId } : null;
}
