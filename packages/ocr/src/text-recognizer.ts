/**
 * PP-OCRv4 text recognition: each line's strip is sampled straight into a 48 px high input of its own
 * width (line-crop.ts), read in one run of the model, and decoded greedily (ctc-decode.ts).
 *
 * Lines are deliberately not batched. PaddleOCR batches six lines padded to a common width, but on
 * onnxruntime's CPU provider a run costs in proportion to its (padded) pixels, not per call: on
 * this 2-core machine, batches of 6 (widths within 1.5× or 1.1× of each other) took up to twice as
 * long as one exact-width run per line over the fixture photos, and never clearly less; mean CER
 * was the same (9.7 vs 9.85 %).
 */
import { greedyCtc, type DecodedText } from './ctc-decode.ts';
import type { RgbImage } from './image.ts';
import { LINE_HEIGHT, sampleLine } from './line-crop.ts';
import type { OcrModel } from './ocr-runtime.ts';
import { stripOfQuad, type Strip } from './strip.ts';

/** Input widths are rounded up to the network's horizontal stride. */
const WIDTH_STEP = 8;

export class TextRecognizer {
  /** Class i > 0 is characters[i − 1]; the list ends with a space, as PaddleOCR appends. */
  private readonly characters: readonly string[];

  /** `dictionary`: the character list file's text, one character a line. */
  constructor(
    private readonly model: OcrModel,
    dictionary: string,
  ) {
    this.characters = [...dictionary.split('\n').map((c) => c.replace(/\r$/, '')), ' '];
  }

  /** One tiny run, so onnxruntime's one-off set-up is paid at start-up, not by the first user. */
  async warmUp(): Promise<void> {
    const image = { data: new Uint8Array(64 * LINE_HEIGHT * 3).fill(255), width: 64, height: LINE_HEIGHT };
    await this.recognise(image, [
      stripOfQuad([
        [0, 0],
        [64, 0],
        [64, LINE_HEIGHT],
        [0, LINE_HEIGHT],
      ]),
    ]);
  }

  /** The text of each line, in the order given. */
  async recognise(image: RgbImage, strips: readonly Strip[]): Promise<DecodedText[]> {
    const results: DecodedText[] = [];
    for (const strip of strips) results.push(await this.readLine(image, strip));
    return results;
  }

  private async readLine(image: RgbImage, strip: Strip): Promise<DecodedText> {
    const width = Math.max(WIDTH_STEP, Math.ceil((LINE_HEIGHT * strip.aspect) / WIDTH_STEP) * WIDTH_STEP);
    const probs = await this.model.run(sampleLine(image, strip, width), [1, 3, LINE_HEIGHT, width]);
    const [, steps = 0, classes = 0] = probs.dims;
    return greedyCtc(probs.data, 0, steps, classes, this.characters);
  }
}
