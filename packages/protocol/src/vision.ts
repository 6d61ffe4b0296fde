import { z } from 'zod';
import { base64Field } from './base64.ts';
// the leaf module, not market.ts: market's endpoints import back into this one
import { SceneId } from './ids.ts';
import { COMPRESSION_PRESET_NAMES } from './plain.ts';

/**
 * The live channels (issues 33–34): modes that look at every frame on the device (instant text,
 * document, barcodes, colour, light, banknotes, find, people nearby).
 */
export const LIVE_CHANNEL_MODES = [
  'text',
  'document',
  'barcode',
  'colour',
  'light',
  'banknote',
  'find',
  'people',
] as const;
export type LiveChannelMode = (typeof LIVE_CHANNEL_MODES)[number];

/** Every scene mode of spec §2/§4. `move_lite` never reaches the server: it is sent as `move` + compression `lite`. */
export const SceneMode = z.enum([
  'realtime',
  'dialogue',
  'move',
  'move_lite',
  'move_go',
  'continuous',
  'reading',
  'observe',
  'qa',
  'click',
  'diabetes',
  'question',
  ...LIVE_CHANNEL_MODES,
]);
export type SceneMode = z.infer<typeof SceneMode>;

/**
 * What the server is asked to analyse. `move_lite` goes out as `move`; the live channels look at
 * the camera on the device and never send a scenario of their own.
 */
export const Scenario = SceneMode.exclude(['move_lite', ...LIVE_CHANNEL_MODES], {
  error: 'errors.scenario_invalid',
});
export type Scenario = z.infer<typeof Scenario>;

export const CompressionPreset = z.enum(COMPRESSION_PRESET_NAMES);

/**
 * How much an answer says (the verbosity operation setting): brief, the most important first in a
 * sentence or two (the default: the rest is on screen); detailed, all the points.
 */
export const VERBOSITY_LEVELS = ['brief', 'detailed'] as const;
export const Verbosity = z.enum(VERBOSITY_LEVELS);
export type Verbosity = z.infer<typeof Verbosity>;
export type CompressionPreset = z.infer<typeof CompressionPreset>;

export { COMPRESSION_PRESETS } from './plain.ts';

/** Decoded image cap: 8 MB; base64 inflates by 4/3. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_IMAGE_BASE64_CHARS = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4;

export const AnalyzeRequest = z.strictObject({
  image: base64Field('errors.image_invalid', {
    maxChars: MAX_IMAGE_BASE64_CHARS,
    tooLarge: 'errors.image_too_large',
  }),
  scenario: Scenario,
  prompt: z.string().max(2000, { error: 'errors.prompt_too_long' }).optional(),
  compression: CompressionPreset.optional(),
  /** The market scene asking (its prompt is in `prompt`): priced as a scene analysis. */
  sceneId: SceneId.optional(),
  /**
   * The user asked to describe the photo even though the quality check found it unusable
   * ("仍然描述"): the check is skipped and the engine answers as best it can.
   */
  allowUnclearPhoto: z.boolean().optional(),
  /** The user's verbosity setting, for an engine that can answer at either length. */
  verbosity: Verbosity.optional(),
});
export type AnalyzeRequest = z.infer<typeof AnalyzeRequest>;

/**
 * Why a photo could not be used, found before any engine looked at it (or said by a cloud model):
 * blurred (a shaking hand), tooClose (nothing in focus), dark, washedOut (nearly all white),
 * cutOff (what matters runs off the edge), featureless (nothing to see).
 */
export const PhotoProblem = z.enum(['blurred', 'tooClose', 'dark', 'washedOut', 'cutOff', 'featureless']);
export type PhotoProblem = z.infer<typeof PhotoProblem>;

export const AnalyzeResponse = z.object({
  description: z.string(),
  imageUrl: z.string(),
  /**
   * Set when the photo was not analysed because it cannot be used: `description` then says why and
   * how to take it again, nothing was charged or stored, and `imageUrl` is empty.
   */
  unusablePhoto: PhotoProblem.optional(),
  /**
   * The description is the one this caller was given moments ago for the same scenario and question
   * (an auto-capture of a view that has not changed): not charged again, the photo not kept again,
   * and `imageUrl` empty; a client does not read it out again.
   */
  sameAsLast: z.literal(true).optional(),
});
export type AnalyzeResponse = z.infer<typeof AnalyzeResponse>;

/**
 * Where a stored analysis image is served (binary, not a JSON envelope). `imageUrl` in an analysis
 * answer points here with a short-lived signature, so an <img> can load it without identity headers.
 */
export const VISION_IMAGE_PATH = '/api/vision/images/:id';
