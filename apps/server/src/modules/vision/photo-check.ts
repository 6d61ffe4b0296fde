import {
  translateMessage,
  type AnalyzeRequest,
  type Locale,
  type MessageKey,
  type PhotoProblem,
} from '@sfm/protocol';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import { InvalidImageError, type PreparedImage } from '../../engines/vision/image-pipeline.ts';
import { assessPhoto } from '../../engines/vision/photo-quality.ts';

/** What the user hears instead of an answer when the photo cannot be used. */
export const RETAKE_ADVICE: Record<PhotoProblem, MessageKey> = {
  blurred: 'errors.photo_blurred',
  tooClose: 'errors.photo_too_close',
  dark: 'errors.photo_dark',
  washedOut: 'errors.photo_washed_out',
  cutOff: 'errors.photo_cut_off',
  featureless: 'errors.photo_featureless',
};

/** Scenarios that read text: a glare spot may hide some of it, so the answer says so. */
const READING_SCENARIOS: ReadonlySet<string> = new Set(['reading', 'diabetes']);

/** The photo failed the quality check: no engine, no charge, no stored copy. */
export class UnusablePhoto extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(`unusable photo: ${problem}`);
  }
}

/**
 * The quality check every photo passes before an engine sees it (unless the user asked to have
 * it described anyway): throws UnusablePhoto, or returns advice to add to the answer.
 */
export async function checkPhoto(
  request: AnalyzeRequest,
  image: PreparedImage,
  locale: Locale,
  { readsPixels, logger }: { readsPixels?: boolean; logger: Logger },
): Promise<string> {
  if (request.allowUnclearPhoto) return '';
  const photo = readsPixels ? image.pixels() : Promise.resolve(image.jpeg);
  const { problems, advice, metrics } = await photo.then(assessPhoto).catch((err: unknown) => {
    throw err instanceof InvalidImageError ? new AppError(400, 'errors.image_invalid') : err;
  });
  const [problem] = problems;
  if (problem) {
    logger.info({ scenario: request.scenario, problem, metrics }, 'photo unusable: retake advised');
    throw new UnusablePhoto(problem);
  }
  return advice.includes('glare') && READING_SCENARIOS.has(request.scenario)
    ? translateMessage('errors.photo_glare', locale)
    : '';
}
