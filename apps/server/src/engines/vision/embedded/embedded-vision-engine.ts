/**
 * The offline vision engine: PaddleOCR text + CenterNet objects, composed into spoken Chinese per
 * scenario. No captioning model ships in npm, so descriptions are built only from what these two
 * models found — see describe-scene.ts and answer-question.ts.
 */
import type { Scenario } from '@sfm/protocol';
import { EMBEDDED_MAX_SIDE, prepareImage } from '../prepare-image.ts';
import type { VisionEngine, VisionRequest, VisionResult } from '../vision-engine.ts';
import { answerQuestion, type LightReading } from './answer-question.ts';
import { describeForMobility, describeOverview, describeText, type TextRow } from './describe-scene.ts';
import { restoreEnglishSpacing } from './english-spacing.ts';
import { boundsOf } from './geometry.ts';
import { ObjectDetector, type DetectedObject } from './object-detector.ts';
import { TextReader } from './ocr.ts';
import { orderReadingRows } from './reading-order.ts';
import { placeOf } from './scene-layout.ts';
import { mentionable, sightingsOf } from './sightings.ts';
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
async function readText(models: Models, jpeg: Buffer): Promise<TextRow[]> {
  const rows = orderReadingRows(await models.text.read(jpeg));
  return rows.map((row) => ({
    text: restoreEnglishSpacing(row.map((l) => l.text.trim()).join(' ')),
    height: Math.max(...row.map((l) => Math.min(boundsOf(l.points).height, boundsOf(l.points).width))),
    score: Math.min(...row.map((l) => l.score)),
  }));
}

async function lightReadings(jpeg: Buffer, objects: readonly DetectedObject[]): Promise<LightReading[]> {
  const lights = mentionable(objects).filter((o) => o.label === 'traffic light');
  return Promise.all(
    lights.map(async (o) => ({ place: placeOf(o.box), colour: await trafficLightColour(jpeg, o.box) })),
  );
}

export class EmbeddedVisionEngine implements VisionEngine {
  readonly name = 'embedded';
  private models: Promise<Models> | null = null;

  /** Loads both models once (in parallel); concurrent callers share the same load. */
  warmUp(): Promise<void> {
    return this.loaded().then(() => undefined);
  }

  private loaded(): Promise<Models> {
    this.models ??= Promise.all([TextReader.load(), ObjectDetector.load()]).then(([text, objects]) => ({
      text,
      objects,
    }));
    // a failed load may succeed later (e.g. a transient file error): do not cache the failure
    this.models.catch(() => (this.models = null));
    return this.models;
  }

  async close(): Promise<void> {
    this.models = null;
  }

  async analyze(req: VisionRequest): Promise<VisionResult> {
    const { jpeg } = await prepareImage(req.image, EMBEDDED_MAX_SIDE);
    const models = await this.loaded();
    throwIfAborted(req.signal);
    const task = TASKS[req.scenario];
    const description = await this.run(task, models, jpeg, req);
    throwIfAborted(req.signal);
    return { description };
  }

  private async run(task: Task, models: Models, jpeg: Buffer, req: VisionRequest): Promise<string> {
    switch (task) {
      case 'read':
        return describeText(await readText(models, jpeg));
      case 'mobility': {
        // text is left out on purpose: in move modes latency and hazards matter most
        const objects = await models.objects.detect(jpeg);
        const readings = await lightReadings(jpeg, objects);
        const lightSightings = sightingsOf(objects).filter((s) => s.label === 'traffic light');
        const known = readings.flatMap((r) => {
          const sighting = lightSightings.find((s) => s.place === r.place);
          return r.colour && sighting ? [{ sighting, colour: r.colour }] : [];
        });
        return describeForMobility(objects, known);
      }
      case 'overview': {
        const [objects, text] = await Promise.all([models.objects.detect(jpeg), readText(models, jpeg)]);
        return describeOverview(objects, text);
      }
      case 'answer': {
        const [objects, text] = await Promise.all([models.objects.detect(jpeg), readText(models, jpeg)]);
        const lights = await lightReadings(jpeg, objects);
        return answerQuestion(req.prompt ?? '', { objects, text, lights });
      }
    }
  }
}
