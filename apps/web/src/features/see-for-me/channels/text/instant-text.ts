/**
 * What instant text says about each frame's lines (Seeing AI's Short Text): a line is read once as
 * it comes into view, not again while it stays in view, nor when it comes back within
 * REPEAT_WINDOW_MS; a soft tick comes before new text is read; and when the view has moved on to
 * new text (nothing of what was last read is still in view) what was being read stops at once.
 */
import type { ChannelCue, ToneCue } from '../live-channel.ts';
import type { OcrLine } from '../ocr/ocr-client.ts';
import { isSameLine, normalisedLine } from './line-likeness.ts';
import { isReadable } from './readable-line.ts';

/** A line out of view for longer than this is read again when it comes back. */
export const REPEAT_WINDOW_MS = 10_000;

/** "Text is in view": short, high and quiet, under the speech that follows. */
export const TEXT_TICK: ToneCue = { frequencyHz: 1600, durationMs: 30, gain: 0.35 };

interface KnownLine {
  /** Normalised (line-likeness.ts). */
  text: string;
  lastSeen: number;
  /** Seen in the latest frame looked at. */
  inView: boolean;
}

interface SeenLine {
  line: OcrLine;
  text: string;
}

/** The lines to say as speech: lines of one row side by side, rows on lines of their own. */
function spoken(lines: readonly OcrLine[]): string {
  const rows: string[][] = [];
  let row: number | null = null;
  for (const line of lines) {
    if (line.row !== row) rows.push([]);
    row = line.row;
    rows[rows.length - 1]?.push(line.text.trim());
  }
  return rows.map((r) => r.join(' ')).join('\n');
}

export class InstantText {
  private known: KnownLine[] = [];
  /** The lines said last (normalised). */
  private lastSaid: string[] = [];

  /** The cues for the lines (in reading order) read in a frame looked at `now` (ms). */
  cues(lines: readonly OcrLine[], now: number): ChannelCue[] {
    // the frames between two looks were skipped as unchanged: what the last look saw stayed in view
    for (const known of this.known) if (known.inView) known.lastSeen = now;
    this.known = this.known.filter((k) => now - k.lastSeen <= REPEAT_WINDOW_MS);
    for (const known of this.known) known.inView = false;

    const seen: SeenLine[] = lines
      .filter(isReadable)
      .map((line) => ({ line, text: normalisedLine(line.text) }))
      .filter((s) => s.text.length > 0);
    const fresh: SeenLine[] = [];
    for (const s of seen) {
      const known = this.known.find((k) => isSameLine(s.text, k.text));
      if (known) {
        known.lastSeen = now;
        known.inView = true;
      } else if (!fresh.some((f) => isSameLine(s.text, f.text) || isSameLine(f.text, s.text))) {
        fresh.push(s);
      }
    }
    if (!fresh.length) return [];

    const movedOn =
      this.lastSaid.length > 0 &&
      !this.lastSaid.some((said) => seen.some((s) => isSameLine(s.text, said) || isSameLine(said, s.text)));
    for (const f of fresh) this.known.push({ text: f.text, lastSeen: now, inView: true });
    this.lastSaid = fresh.map((f) => f.text);
    return [
      { tone: TEXT_TICK, ...(movedOn && { interrupt: true }) },
      { say: { text: spoken(fresh.map((f) => f.line)) } },
    ];
  }
}
