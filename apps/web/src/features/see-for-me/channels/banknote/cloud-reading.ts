import type { AnalyzeRequest, Capabilities } from '@sfm/protocol';
import { loadCapabilities } from '../../../speech/index.ts';
import { analyzeImage, type AnalysisAnswer } from '../../analysis-client.ts';
import { captureFrame } from '../../capture.ts';
import type { Pixels } from '../frame-print.ts';

/**
 * The server's cloud vision model, asked on a tap when the device could not name a yuan note
 * (a doubt, another currency): it knows every currency. Never asked when the server's engine is
 * the embedded one, which reads the same numerals the device does and knows no more.
 */
export interface CloudReader {
  /** Whether the server's vision engine is a cloud model (GET /api/capabilities, asked once a page). */
  available(): Promise<boolean>;
  /** The model's answer for the frame: the note's currency and value, or its own doubt. */
  read(pixels: Pixels, signal: AbortSignal): Promise<string>;
}

export interface CloudReaderDeps {
  capabilities: () => Promise<Capabilities | null>;
  analyze: (request: AnalyzeRequest, signal: AbortSignal) => Promise<AnalysisAnswer>;
  /** The frame as the JPEG an analysis sends (base64). */
  jpeg: (pixels: Pixels) => Promise<string>;
}

/** The frame encoded as the scene's captures are (capture.ts: in its worker, the standard preset). */
async function frameJpeg(pixels: Pixels): Promise<string> {
  const bitmap = await createImageBitmap(
    new ImageData(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height),
  );
  const { image } = await captureFrame(
    { source: bitmap, width: pixels.width, height: pixels.height },
    'standard',
  );
  return image;
}

const serverDeps: CloudReaderDeps = {
  capabilities: () => loadCapabilities(),
  analyze: (request, signal) => analyzeImage(request, signal),
  jpeg: frameJpeg,
};

/** The cloud model behind POST /api/vision/analyze; `prompt` is the question in the user's language. */
export function serverCloudReader(prompt: () => string, deps: CloudReaderDeps = serverDeps): CloudReader {
  return {
    async available() {
      const capabilities = await deps.capabilities();
      return capabilities !== null && capabilities.vision.engine !== 'embedded';
    },
    async read(pixels, signal) {
      const image = await deps.jpeg(pixels);
      const answer = await deps.analyze(
        { image, scenario: 'observe', compression: 'standard', prompt: prompt() },
        signal,
      );
      return answer.description;
    },
  };
}
