/**
 * Human's configuration for the live channels: only the models a mode needs, on the wasm backend,
 * every frame analysed afresh.
 *
 * - `things` (寻物): CenterNet, COCO's 80 classes (4 MB).
 * - `people` (周围的人): CenterNet for the people themselves (it finds them at any distance, many at
 *   once), BlazeFace for faces (0.5 MB) and its emotion model (0.8 MB) for a smile.
 *
 * Never loaded: the face description model (age, gender and the face embedding that could tell who
 * someone is — nobody is identified), the face mesh and iris (their yaw is not needed: BlazeFace's
 * six landmarks tell a face turned to the camera), and the body model (MoveNet Lightning, the only
 * one Human ships, follows a single person: CenterNet's boxes already count and place everyone).
 */

export type DetectorModels = 'things' | 'people';

/** Where Human finds its files: a base path for the models and the tfjs wasm binaries by name. */
export interface HumanFiles {
  modelBasePath: string;
  /** Where tfjs finds tfjs-backend-wasm*.wasm by name. */
  wasmPath: string;
}

/** CenterNet's floor: its scores are low, so candidates are kept and each channel sets its own bar. */
const THING_MIN_SCORE = 0.2;
/** BlazeFace's floor: a face below it is too unsure to say anything about. */
const FACE_MIN_SCORE = 0.4;
const MAX_THINGS = 20;
const MAX_FACES = 6;

/** Every frame is a new look: Human's frame-to-frame caches (skipFrames, skipTime) are off. */
const fresh = { skipFrames: 0, skipTime: 0 };

export function humanConfig(models: DetectorModels, files: HumanFiles): Record<string, unknown> {
  const people = models === 'people';
  return {
    backend: 'wasm',
    modelBasePath: files.modelBasePath,
    wasmPath: files.wasmPath,
    debug: false,
    // the files come from our build and the service worker's precache: no copy in IndexedDB too
    cacheModels: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: people,
      detector: {
        ...fresh,
        rotation: false,
        maxDetected: MAX_FACES,
        minConfidence: FACE_MIN_SCORE,
        return: false,
      },
      mesh: { enabled: false },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      emotion: { ...fresh, enabled: people, minConfidence: 0.1 },
    },
    body: { enabled: false },
    hand: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    object: { ...fresh, enabled: true, minConfidence: THING_MIN_SCORE, maxDetected: MAX_THINGS },
  };
}
