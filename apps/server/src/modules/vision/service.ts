import {
  DEFAULT_LOCALE,
  translateMessage,
  type AnalyzeRequest,
  type AnalyzeResponse,
  type Locale,
} from '@sfm/protocol';
import type { AnalysisOutcome } from '@sfm/protocol/admin';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import { InvalidImageError, type PreparedImage } from '../../engines/vision/image-pipeline.ts';
import type { VisionEngine } from '../../engines/vision/vision-engine.ts';
import { metered, type PointsMeter } from '../../metering/points-meter.ts';
import type { Clock } from '../../security/clock.ts';
import type { ImageOwner, ImageUrlSigner } from '../../storage/image-url.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { inspectUploadedImage } from '../../storage/uploaded-image.ts';
import type { AnalysesRepo } from './analyses-repo.ts';
import { AnalysedPhotos, type ImageAccess, type KeptPhoto, type ServedImage } from './analysed-photos.ts';
import { clientGone, untilAborted } from './client-gone.ts';
import { failureForLog } from './failure-log.ts';
import { checkPhoto, RETAKE_ADVICE, UnusablePhoto } from './photo-check.ts';
import { RecentAnswers } from './recent-answers.ts';
import type { VisionImagesRepo } from './repo.ts';

export interface VisionServiceDeps {
  engine: VisionEngine;
  store: ImageStore;
  repo: VisionImagesRepo;
  /** Where each analysis is recorded for the back office (scenario, engine, time, outcome, who). */
  analyses: Pick<AnalysesRepo, 'insert'>;
  signer: ImageUrlSigner;
  /** Each analysis costs points: reserved before the engine runs, charged only if it answers. */
  meter: PointsMeter;
  clock: Clock;
  logger: Logger;
  urlTtlSeconds: number;
  retentionHours: number;
}

const visionFailed = () => new AppError(502, 'errors.vision_failed');

/** The uploaded photo checked from its header; its decoding waits for the caller's points. */
function uploadedImage(request: AnalyzeRequest): Promise<() => Promise<PreparedImage>> {
  return inspectUploadedImage(request.image, request.compression);
}

/** The engine gave this caller the answer it gave them moments ago: no charge, no second copy of the photo. */
class RepeatedAnswer extends Error {
  constructor(readonly description: string) {
    super('the same answer as the last one');
  }
}

/** What the caller asked: an answer repeats only for the same scenario, scene and question. */
const questionOf = (request: AnalyzeRequest) =>
  [request.scenario, request.sceneId ?? '', request.prompt ?? ''].join('\u0000');

/** What the engine said, when the analysis started, and the photo being stored beside it. */
interface EngineAnswer {
  description: string;
  started: number;
  kept: Promise<KeptPhoto | null>;
}

/**
 * Image analysis for blind users: normalise the photo, run the engine, keep the photo (for the chat
 * history) only when the answer is delivered, and serve it back to its owner alone.
 */
export class VisionService {
  private readonly recent: RecentAnswers;
  private readonly photos: AnalysedPhotos;

  constructor(private readonly deps: VisionServiceDeps) {
    this.recent = new RecentAnswers(deps.clock);
    this.photos = new AnalysedPhotos(deps);
  }

  /**
   * A failed, refused or cancelled analysis costs nothing; only an answer is charged, and an answer
   * the caller was given moments ago for the same question (sameAsLast) is not charged again. The
   * photo's header is checked first and it is decoded only once the points are reserved (nobody
   * makes the server decode for free); it is stored while the engine looks at it, and the answer's
   * records are written beside the charge: the user waits for the engine, not for the disk (a
   * photo whose analysis does not end in an answer is removed again).
   */
  async analyze(
    owner: ImageOwner,
    request: AnalyzeRequest,
    signal: AbortSignal,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<AnalyzeResponse> {
    const scene = request.sceneId ? 'analyze' : 'vision';
    const decode = await uploadedImage(request);
    return metered(
      this.deps.meter,
      owner,
      scene,
      () => this.engineAnswer(owner, request, decode(), signal, locale),
      (answer) => this.deliver(owner, request.scenario, answer, signal),
    ).catch((err: unknown) => {
      if (err instanceof RepeatedAnswer)
        return { description: err.description, imageUrl: '', sameAsLast: true };
      if (!(err instanceof UnusablePhoto)) throw err;
      return {
        description: translateMessage(RETAKE_ADVICE[err.problem], locale),
        imageUrl: '',
        unusablePhoto: err.problem,
      };
    });
  }

  /** The engine's description of the photo, for a client still waiting; the photo stored meanwhile. */
  private async engineAnswer(
    owner: ImageOwner,
    request: AnalyzeRequest,
    upload: Promise<PreparedImage>,
    signal: AbortSignal,
    locale: Locale,
  ): Promise<EngineAnswer> {
    const { engine, logger } = this.deps;
    const image = await upload;
    const started = Date.now();
    const advice = await checkPhoto(request, image, locale, {
      readsPixels: engine.readsPixels,
      logger,
    }).catch(async (err: unknown) => {
      if (err instanceof UnusablePhoto) await this.record(owner, request.scenario, started, 'unusable');
      throw err;
    });
    const kept = this.photos.keep(owner, image.jpeg, request.scenario);
    try {
      await untilAborted(engine.warmUp(), signal);
      const result = await untilAborted(
        engine.analyze({
          image: image.jpeg,
          pixels: image.pixels,
          scenario: request.scenario,
          prompt: request.prompt,
          ...(request.verbosity && { verbosity: request.verbosity }),
          signal,
        }),
        signal,
      );
      if (signal.aborted) throw clientGone();
      // a cloud model that could not use the photo either: retake advice, nothing charged or kept
      if (result.unusablePhoto) throw new UnusablePhoto(result.unusablePhoto);
      const description = advice ? `${result.description}\n${advice}` : result.description;
      if (this.recent.repeats(`${owner.kind}:${owner.id}`, questionOf(request), description))
        throw new RepeatedAnswer(description);
      return { description, started, kept };
    } catch (err) {
      await this.photos.forget(await kept);
      if (signal.aborted) {
        await this.record(owner, request.scenario, started, 'cancelled');
        throw this.cancelled(request.scenario);
      }
      if (err instanceof RepeatedAnswer) await this.record(owner, request.scenario, started, 'ok');
      if (err instanceof UnusablePhoto) await this.record(owner, request.scenario, started, 'unusable');
      if (err instanceof AppError || err instanceof UnusablePhoto || err instanceof RepeatedAnswer) throw err;
      if (err instanceof InvalidImageError) throw new AppError(400, 'errors.image_invalid');
      await this.record(owner, request.scenario, started, 'failed');
      logger.error(
        {
          engine: engine.name,
          scenario: request.scenario,
          ms: Date.now() - started,
          err: failureForLog(err),
        },
        'vision analysis failed',
      );
      throw visionFailed();
    }
  }

  /** The answer with its photo's signed URL, once the analysis is recorded for the back office. */
  private async deliver(
    owner: ImageOwner,
    scenario: string,
    answer: EngineAnswer,
    signal: AbortSignal,
  ): Promise<AnalyzeResponse> {
    const [photo] = await Promise.all([answer.kept, this.record(owner, scenario, answer.started, 'ok')]);
    // the client may have left while the photo was still being stored
    if (signal.aborted) {
      await this.photos.forget(photo);
      throw this.cancelled(scenario);
    }
    this.deps.logger.info(
      { engine: this.deps.engine.name, scenario, ms: Date.now() - answer.started },
      'vision analysis done',
    );
    const imageUrl = photo ? this.photos.url(photo, owner) : '';
    return { description: answer.description, imageUrl };
  }

  /** Records the analysis for the dashboard; a failure to record never costs the user the answer. */
  private async record(owner: ImageOwner, scenario: string, started: number, outcome: AnalysisOutcome) {
    const { analyses, engine, clock, logger } = this.deps;
    try {
      await analyses.insert({
        createdAt: clock(),
        userId: owner.kind === 'user' ? owner.id : null,
        deviceId: owner.kind === 'device' ? owner.id : null,
        scenario,
        engine: engine.name,
        durationMs: Date.now() - started,
        outcome,
      });
    } catch (err) {
      logger.error({ err: failureForLog(err) }, 'recording the analysis failed');
    }
  }

  private cancelled(scenario: string): AppError {
    this.deps.logger.info({ scenario }, 'vision analysis cancelled: the client went away');
    return clientGone();
  }

  /** The photo for its owner (identity headers or a valid signed URL); anyone else gets a 404. */
  image(id: string, access: ImageAccess): Promise<ServedImage> {
    return this.photos.serve(id, access);
  }
}
