/**
 * The offline vision engine: PaddleOCR text + CenterNet objects, composed into spoken Chinese per
 * scenario. No captioning model ships in npm, so descriptions are built only from what these two
 * models found — see describe-scene.ts and answer-question.ts.
 */
import type { Scenario } from '@sfm/protocol';
import { EMBEDDED_MAX_SIDE, pixelsOf, type RgbImage } from '../image-pipeline.ts';
import type { VisionEngine, VisionRequest, VisionResult } from '../vision-engine.ts';
import { answerQuestion, type LightReading } from './answer-question.ts';
import { describeForMobility, describeOverview, describeText } from './describe-scene.ts';
import {
  boundsOf,
  orderReadingRows,
  restoreEnglishSpacing,
  type TextReader,
  unionOf,
  type ReadOptions,
  type TextRow,
} from '@sfm/ocr';
import { holdingHand, withoutArms } from './held-in-hand.ts';
import {
  ObjectDetector,
  type DetectedObject,
  type Detections,
  type DetectOptions,
} from './object-detector.ts';
import { sharedTextReader } from './ocr/node-ocr-runtime.ts';
import { placeOf } from './scene-layout.ts';
import { mentionable, sightingsOf } from './sightings.ts';
import { timed, type StageTimer } from './stage-timer.ts';
import { trafficLightColour } from './traffic-light-colour.ts';

/** What each scenario needs from the models. */
type Task = 'read' | 'overview' | 'mobility' | 'answer';

const TASKS: Record<Scenario, Task> = {
  reading: 'read',
  diabetes: 'read',
  realtime: 'overview',
  observe: 'overview',
  continuous: 'overview',
  click: 'overview',
  move: 'mobility',
  move_go: 'mobility',
  qa: 'answer',
  question: 'answer',
  dialogue: 'answer',
};

interface Models {
  text: TextReader;
  objects: ObjectDetector;
}

function throwIfAborted(signal?: AbortSignal) {
  signal?.throwIfAborted();
}

/** OCR lines → rows in reading order, English spacing restored, with letter height for prominence. */
async function readText(models: Models, image: RgbImage, options: ReadOptions): Promise<TextRow[]> {
  const rows = orderReadingRows(await models.text.read(image, options));
  return rows.map((row) => {
    const edges = [...new Set(row.flatMap((l) => l.edges ?? []))];
    const bounds = row.map((l) => boundsOf(l.points));
    const frames = row.flatMap((l) => (l.frame ? [l.frame] : []));
    return {
      text: restoreEnglishSpacing(row.map((l) => l.text.trim()).join(' ')),
      height: Math.max(...bounds.map((b) => Math.min(b.height, b.width))),
      score: Math.min(...row.map((l) => l.score)),
      ...(frames.length && { box: unionOf(frames) }),
      ...(edges.length && { edges }),
    };
  });
}

function lightReadings(image: RgbImage, objects: readonly DetectedObject[]): LightReading[] {
  const lights = mentionable(objects).filter((o) => o.label === 'traffic light');
  return lights.map((o) => ({ place: placeOf(o.box), colour: trafficLightColour(image, o.box) }));
}

/**
 * A photo-sized white frame with rows of dark blocks, made here (no font, no file). Loading the
 * models is not enough: the object detector's first run compiles its wasm kernels (≈ 1 s more than
 * later runs on two cores) and the text detector's first full-size run sets up its buffers. One pass
 * of both over this frame at start-up pays for that instead of the first user.
 */
function rehearsalFrame(): RgbImage {
  const width = 960;
  const height = 720;
  const data = new Uint8Array(width * height * 3).fill(255);
  for (let row = 0; row < 3; row++) {
    const top = Math.round(height * (0.2 + row * 0.25));
    for (let left = Math.round(width * 0.15); left < width * 0.85; left += 48) {
      for (let y = top; y < top + 40; y++) data.fill(0, (y * width + left) * 3, (y * width + left + 32) * 3);
    }
  }
  return { data, width, height };
}

export interface EmbeddedVisionOptions {
  /** Receives per-stage wall times (the bench's profile). */
  timer?: StageTimer;
}

export class EmbeddedVisionEngine implements VisionEngine {
  readonly name = 'embedded';
  readonly readsPixels = true;
  private models: Promise<Models> | null = null;
  private rehearsed: Promise<void> | null = null;
  private readonly timer: StageTimer | undefined;

  constructor(options: EmbeddedVisionOptions = {}) {
    this.timer = options.timer;
  }

  /**
   * Loads both models once (in parallel) and runs them once (rehearsalFrame); concurrent callers
   * share the same warm-up, and a failed one is tried again by the next caller.
   */
  warmUp(): Promise<void> {
    this.rehearsed ??= this.loaded().then(async (models) => {
      const frame = rehearsalFrame();
      await Promise.all([
        models.objects.detect(frame, { hands: true }),
        models.text.read(frame, { extent: 'all' }),
      ]);
    });
    this.rehearsed.catch(() => (this.rehearsed = null));
    return this.rehearsed;
  }

  private loaded(): Promise<Models> {
    this.models ??= Promise.all([sharedTextReader(), ObjectDetector.load()]).then(([text, objects]) => ({
      text,
      objects,
    }));
    // a failed load may succeed later (e.g. a transient file error): do not cache the failure
    this.models.catch(() => (this.models = null));
    return this.models;
  }

  close(): Promise<void> {
    this.models = null;
    this.rehearsed = null;
    return Promise.resolve();
  }

  async analyze(req: VisionRequest): Promise<VisionResult> {
    const image = await timed(this.timer, 'decode', () => pixelsOf(req, EMBEDDED_MAX_SIDE));
    const models = await this.loaded();
    throwIfAborted(req.signal);
    const task = TASKS[req.scenario];
    const description = await this.run(task, models, image, req);
    throwIfAborted(req.signal);
    return { description };
  }

  private detect(models: Models, image: RgbImage, options?: DetectOptions): Promise<Detections> {
    return timed(this.timer, 'objects', () => models.objects.detect(image, options));
  }

  private async run(task: Task, models: Models, image: RgbImage, req: VisionRequest): Promise<string> {
    const { timer } = this;
    const { signal } = req;
    switch (task) {
      case 'read':
        return describeText(await readText(models, image, { extent: 'all', timer, signal }));
      case 'mobility': {
        // only the prominent text, beside the detector: a warning sign ("小心地滑") is a hazard
        const [{ objects }, text] = await Promise.all([
          this.detect(models, image),
          readText(models, image, { extent: 'prominent', timer, signal }),
        ]);
        const readings = lightReadings(image, objects);
        const lightSightings = sightingsOf(objects).filter((s) => s.label === 'traffic light');
        const known = readings.flatMap((r) => {
          const sighting = lightSightings.find((s) => s.place === r.place);
          return r.colour && sighting ? [{ sighting, colour: r.colour }] : [];
        });
        return describeForMobility(objects, known, text);
      }
      case 'overview': {
        // concurrently: onnxruntime's threads work while the wasm detector holds the JS thread
        // (measured ≈ 10 % faster than one after the other on 2 busy cores)
        // hands too: what users hold up to the camera is the commonest close-up
        const [{ objects, hands }, text] = await Promise.all([
          this.detect(models, image, { hands: true }),
          readText(models, image, { extent: 'prominent', timer, signal }),
        ]);
        return describeOverview(withoutArms(objects, hands), text, holdingHand(hands));
      }
      case 'answer': {
        // a question may be about any text in view, so all of it is read
        const [{ objects, hands }, text] = await Promise.all([
          this.detect(models, image, { hands: true }),
          readText(models, image, { extent: 'all', timer, signal }),
        ]);
        const lights = lightReadings(image, objects);
        return answerQuestion(req.prompt ?? '', {
          objects: withoutArms(objects, hands),
          text,
          lights,
          hand: holdingHand(hands),
        });
      }
    }
  }
}
