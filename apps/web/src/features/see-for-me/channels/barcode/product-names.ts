import type { ChannelCue } from '../live-channel.ts';
import { productNameCue, readingCue } from './spoken-reading.ts';

export interface ProductAnswer {
  name: string;
  notes: string;
}

/** The product list's answer for a code: its name, or null when nobody knows it; throws when it could not be asked. */
export type LookupProduct = (code: string, signal: AbortSignal) => Promise<ProductAnswer | null>;

/** How long the number waits for its name: the name said first is worth a short wait, not a long one. */
export const NAME_WAIT_MS = 1_000;

/** A product code as read: printed (said) and as the list knows it (asked). */
export interface ProductCode {
  code: string;
  gtin: string;
}

interface Pending extends ProductCode {
  startedAt: number;
  numberSaid: boolean;
  /** undefined: still asking. */
  answer?: ProductAnswer | null;
  /** Settles when the answer is in (or could not be had). */
  asked: Promise<void>;
}

/** A product's number alone (a product is no link: the cue clears a link's button). */
const numberCue = ({ code, gtin }: ProductCode) =>
  readingCue({ kind: 'product', code, gtin }, false, () => undefined);

/**
 * Product codes' names, asked of the product list (the server's lookup) as they are read: the name
 * is said with the number once it comes, or the number alone when it is slow or unknown, and a name
 * that comes late after it. Answers are kept for the mode's life, so a product seen again is named
 * at once.
 */
export class ProductNames {
  private readonly known = new Map<string, ProductAnswer | null>();
  private pending: Pending[] = [];
  private readonly aborts = new AbortController();

  constructor(private readonly lookup: LookupProduct) {}

  /** Whether a name is on its way: the channel then looks at frames that did not change, to say it. */
  get waiting(): boolean {
    return this.pending.length > 0;
  }

  /** A product code was read: its cue now when its answer is known, else null (it joins the wait). */
  read(product: ProductCode, now: number): ChannelCue | null {
    const { code, gtin } = product;
    if (this.known.has(gtin)) {
      const answer = this.known.get(gtin);
      return answer ? productNameCue({ code, ...answer }, false) : numberCue(product);
    }
    if (this.pending.some((p) => p.gtin === gtin)) return null;
    const pending: Pending = { code, gtin, startedAt: now, numberSaid: false, asked: Promise.resolve() };
    pending.asked = this.lookup(gtin, this.aborts.signal).then(
      (answer) => {
        pending.answer = answer;
        this.known.set(gtin, answer);
      },
      // not asked (offline): the number alone, and the list is asked again when the code comes back
      () => void (pending.answer = null),
    );
    this.pending.push(pending);
    return null;
  }

  /**
   * Waits up to `ms` for the answers being asked for: a nearby list answers within it, so the name
   * is said with the code's tone instead of a frame later.
   */
  async settle(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(this.pending.map((p) => p.asked)),
      new Promise((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
    clearTimeout(timer);
  }

  /** The cues that are due now: names that came, numbers whose wait ran out. */
  due(now: number): ChannelCue[] {
    const cues: ChannelCue[] = [];
    this.pending = this.pending.filter((p) => {
      if (p.answer !== undefined) {
        if (p.answer) cues.push(productNameCue({ code: p.code, ...p.answer }, p.numberSaid));
        else if (!p.numberSaid) cues.push(numberCue(p));
        return false;
      }
      if (!p.numberSaid && now - p.startedAt >= NAME_WAIT_MS) {
        cues.push(numberCue(p));
        p.numberSaid = true;
      }
      return true;
    });
    return cues;
  }

  dispose(): void {
    this.aborts.abort();
    this.pending = [];
  }
}
