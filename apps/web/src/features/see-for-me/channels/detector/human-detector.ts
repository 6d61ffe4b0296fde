import type { Pixels } from '../frame-print.ts';
import { detectionsFromHuman, type Detections, type HumanResultLike } from './detections.ts';
import { humanConfig, type DetectorModels } from './human-config.ts';

/** What the channels use of a Human instance (the browser build in a worker or on the page; node's in tests). */
export interface HumanLike {
  load(): Promise<void>;
  detect(input: unknown): Promise<HumanResultLike>;
  /** Human logs a model it could not load and carries on: its stats say which loaded. */
  models: { stats(): { modelStats: readonly { name: string; loaded: boolean }[] } };
  tf: {
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): unknown;
    dispose(tensor: unknown): void;
  };
}
export type HumanConstructor = new (config: object) => HumanLike;

/**
 * One of Human's files by its name in its package ("centernet.json", "centernet.bin",
 * "tfjs-backend-wasm-simd.wasm"), read with the real fetch (the browser: our build's hashed asset
 * URL; tests: the file on disk).
 */
export type OpenModelFile = (name: string, realFetch: typeof fetch) => Promise<Response>;

/**
 * The base path Human is told its models and the tfjs wasm binaries are under. Nothing is served
 * there: while Human loads, a request for it is answered by `OpenModelFile` (Human's loader joins
 * this path and the model's name, tfjs reads the weights named in the model's JSON beside it and
 * picks its wasm binary by name, so a build's hashed file names cannot be handed to them directly).
 */
export const MODEL_BASE = '/human-models/';

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** Runs `load` with fetch answering MODEL_BASE's names through `open`; fetch is restored after. */
async function withModelFiles<T>(open: OpenModelFile, load: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = urlOf(input);
    const at = url.indexOf(MODEL_BASE);
    return at < 0 ? realFetch(input, init) : open(url.slice(at + MODEL_BASE.length), realFetch);
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** RGBA → RGB bytes, Human's tensor input. */
function rgbOf({ data, width, height }: Pixels): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < data.length; i += 4, j += 3) {
    rgb[j] = data[i]!;
    rgb[j + 1] = data[i + 1]!;
    rgb[j + 2] = data[i + 2]!;
  }
  return rgb;
}

export interface HumanDetector {
  detect(pixels: Pixels): Promise<Detections>;
}

/** The size of the blank frame run once at load, so the first real frame does not pay for the kernels' set-up. */
const WARMUP_SIDE = 64;

/**
 * Human with the models `models` needs (human-config.ts), loaded and warmed up: the first real
 * frame then costs what every later one does (about 0.2 s instead of 0.5–2 s in Chromium here).
 */
export async function loadHumanDetector(
  Human: HumanConstructor,
  models: DetectorModels,
  open: OpenModelFile,
  /** Node reads the wasm binary from a directory itself (no fetch): the package's own. */
  wasmPath: string = MODEL_BASE,
): Promise<HumanDetector> {
  const human = new Human(humanConfig(models, { modelBasePath: MODEL_BASE, wasmPath }));
  await withModelFiles(open, () => human.load());
  const missing = human.models
    .stats()
    .modelStats.filter((m) => !m.loaded)
    .map((m) => m.name);
  if (missing.length) throw new Error(`detector models not loaded: ${missing.join(', ')}`);
  const detect = async (pixels: Pixels): Promise<Detections> => {
    const tensor = human.tf.tensor3d(rgbOf(pixels), [pixels.height, pixels.width, 3], 'int32');
    try {
      return detectionsFromHuman(await human.detect(tensor), pixels.width / pixels.height);
    } finally {
      human.tf.dispose(tensor);
    }
  };
  const blank = new Uint8ClampedArray(WARMUP_SIDE * WARMUP_SIDE * 4);
  await detect({ data: blank, width: WARMUP_SIDE, height: WARMUP_SIDE });
  return { detect };
}
