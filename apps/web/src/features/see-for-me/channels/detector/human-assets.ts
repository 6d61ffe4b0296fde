/**
 * The detector's big files, served by our own build (never a CDN): Human's model files from its
 * npm package (`@human-models` is vite.config.ts's alias for the package's models folder, which its
 * exports map hides) and the tfjs wasm binaries of the version Human's browser build bundles
 * (4.22.0). Vite emits each under /assets/ with a content hash; the service worker precaches them
 * (vite.config.ts), so 寻物 and 周围的人 work offline from the first visit on.
 *
 * The threaded wasm binary is left out: tfjs picks it only on a cross-origin-isolated page, which
 * ours is not (no COOP/COEP headers); were it asked for, its 404 would fail the load by name.
 */
import blazefaceBin from '@human-models/blazeface.bin?url';
import blazefaceJson from '@human-models/blazeface.json?url';
import centernetBin from '@human-models/centernet.bin?url';
import centernetJson from '@human-models/centernet.json?url';
import emotionBin from '@human-models/emotion.bin?url';
import emotionJson from '@human-models/emotion.json?url';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import type { OpenModelFile } from './human-detector.ts';

const FILES: Readonly<Record<string, string>> = {
  'centernet.json': centernetJson,
  'centernet.bin': centernetBin,
  'blazeface.json': blazefaceJson,
  'blazeface.bin': blazefaceBin,
  'emotion.json': emotionJson,
  'emotion.bin': emotionBin,
  'tfjs-backend-wasm.wasm': wasmPlain,
  'tfjs-backend-wasm-simd.wasm': wasmSimd,
};

/** A model or wasm file by its name in its package, from our build (a name we do not ship is a 404). */
export const openModelFile: OpenModelFile = (name, realFetch) => {
  const url = FILES[name];
  return url ? realFetch(url) : Promise.resolve(new Response(null, { status: 404 }));
};
