/**
 * Whisper-style models were trained on subtitled videos: on silence or noise they "hear" the credits
 * ("谢谢观看", "字幕由…提供", "请不吝点赞…"). The phrases live in whisper-hallucinations.json.
 */
import list from './whisper-hallucinations.json' with { type: 'json' };

/** Each phrase with the punctuation and spaces after it, so no stray "。" is left behind. */
const PATTERNS = list.patterns.map((p) => new RegExp(`(?:${p})[\\s，。！？、,.!?]*`, 'giu'));
const HAS_WORDS = /[\p{L}\p{N}]/u;

/** `text` without the phrases a transcription model invents; '' when nothing else was said. */
export function dropHallucinations(text: string): string {
  const rest = PATTERNS.reduce((t, pattern) => t.replace(pattern, ''), text).trim();
  return HAS_WORDS.test(rest) ? rest : '';
}
