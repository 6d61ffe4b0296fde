import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DetectorModels } from '../src/features/see-for-me/channels/detector/human-config.ts';
import {
  loadHumanDetector,
  type HumanConstructor,
  type HumanDetector,
} from '../src/features/see-for-me/channels/detector/human-detector.ts';

/**
 * The detector of 寻物 and 周围的人 in node (the channels' tests on real photos): the same
 * loadHumanDetector and configuration as the page's worker, over Human's node build on tfjs' wasm
 * backend (its browser build needs a worker vitest does not have). Its files are read from the
 * packages on disk, as the page's build serves them.
 */
const require = createRequire(import.meta.url);
// Human's exports map is broken (the server loads it the same way): its node entry's wasm sibling
const humanDist = path.dirname(require.resolve('@vladmandic/human'));
const modelsDir = path.join(humanDist, '../models');
const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

export async function loadNodeDetector(models: DetectorModels): Promise<HumanDetector> {
  const { Human } = (await import(pathToFileURL(path.join(humanDist, 'human.node-wasm.js')).href)) as {
    Human: HumanConstructor;
  };
  const open = async (name: string) => {
    const type = name.endsWith('.json') ? 'application/json' : 'application/octet-stream';
    return new Response(await readFile(path.join(modelsDir, name)), { headers: { 'content-type': type } });
  };
  return loadHumanDetector(Human, models, open, `${pathToFileURL(wasmDir).href}/`);
}
