import {
  DEFAULT_LOCALE,
  translateMessage,
  type AnalyzeRequest,
  type AnalyzeResponse,
  type Locale,
  type MessageKey,
  type PhotoProblem,
} from '@sfm/protocol';
import type { AnalysisOutcome } from '@sfm/protocol/admin';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import { InvalidImageError, type PreparedImage } from '../../engines/vision/image-pipeline.ts';
import { assessPhoto } from '../../engines/vision/photo-quality.ts';
import type { VisionEngine } from '../../engines/vision/vision-engine.ts';
import { metered, type PointsMeter } from '../../metering/points-meter.ts';
import type { Clock } from '../../security/clock.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { inspectUploadedImage } from '../../storage/uploaded-image.ts';
import type { AnalysesRepo } from './analyses-repo.ts';
import type { ImageOwner, ImageUrlSigner } from './image-url.ts';
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

export interface ImageAccess {
  /** The caller's identity when the headers carried a valid one. */
  caller: ImageOwner | null;
  exp?: unknown;
  sig?: unknown;
}

export interface ServedImage {
  bytes: Buffer;
  contentType: string;
  /** Seconds a private cache may keep it: never past the URL's expiry or the photo's deletion. */
  maxAgeSeconds: number;
}

/** Status for "the client closed the connection" (nginx's 499): nobody reads it, logs can tell it apart. */
const CLIENT_GONE = 499;
const clientGone = () => new AppError(CLIENT_GONE, 'errors.vision_failed');
const visionFailed = () => new AppError(502, 'errors.vision_failed');
const notFound = () => new AppError(404, 'errors.image_not_found');

/** The uploaded photo checked from its header; its decoding waits for the caller's points. */
function uploadedImage(request: AnalyzeRequest): Promise<() => Promise<PreparedImage>> {
  return inspectUploadedImage(request.image, request.compression);
}

/** What the user hears instead of an answer when the photo cannot be used. */
const RETAKE_ADVICE: Record<PhotoProblem, MessageKey> = {
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
class UnusablePhoto extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(`unusable photo: ${problem}`);
  }
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

/** What may be logged of an engine failure: names, messages, status, stack; never the request. */
function failureForLog(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const cause = err.cause instanceof Error ? `${err.cause.name}: ${err.cause.message}` : undefined;
  const status = (err as { status?: unknown }).status;
  return {
    type: err.name,
    message: err.message,
    ...(typeof status === 'number' && { status }),
    ...(cause && { cause }),
    ...(err.name !== 'VisionEngineError' && { stack: err.stack }),
  };
}

/** Resolves like `work`, or rejects as soon as `signal` aborts (the work itself may run on). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined); // an abandoned failure must not become an unhandled rejection
  if (signal.aborted) return Promise.reject(clientGone());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(clientGone());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** A photo stored for its analysis's answer: its row, its object, and when its signed URL ends. */
interface KeptPhoto {
  id: string;
  storageKey: string;
  exp: number;
}

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

  constructor(private readonly deps: VisionServiceDeps) {
    this.recent = new RecentAnswers(deps.clock);
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

  /**
   * The quality check every photo passes before an engine sees it (unless the user asked to have
   * it described anyway): throws UnusablePhoto, or returns advice to add to the answer.
   */
  private async checkedPhoto(request: AnalyzeRequest, image: PreparedImage, locale: Locale): Promise<string> {
    if (request.allowUnclearPhoto) return '';
    const photo = this.deps.engine.readsPixels ? image.pixels() : Promise.resolve(image.jpeg);
    const { problems, advice, metrics } = await photo.then(assessPhoto).catch((err: unknown) => {
      throw err instanceof InvalidImageError ? new AppError(400, 'errors.image_invalid') : err;
    });
    const [problem] = problems;
    if (problem) {
      this.deps.logger.info(
        { scenario: request.scenario, problem, metrics },
        'photo unusable: retake advised',
      );
      throw new UnusablePhoto(problem);
    }
    return advice.includes('glare') && READING_SCENARIOS.has(request.scenario)
      ? translateMessage('errors.photo_glare', locale)
      : '';
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
    const advice = await this.checkedPhoto(request, image, locale).catch(async (err: unknown) => {
      if (err instanceof UnusablePhoto) await this.record(owner, request.scenario, started, 'unusable');
      throw err;
    });
    const kept = this.keep(owner, image.jpeg, request.scenario);
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
      await this.forget(await kept);
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
      await this.forget(photo);
      throw this.cancelled(scenario);
    }
    this.deps.logger.info(
      { engine: this.deps.engine.name, scenario, ms: Date.now() - answer.started },
      'vision analysis done',
    );
    const imageUrl = photo ? this.deps.signer.url(photo.id, owner, photo.exp) : '';
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

  /**
   * Stores the photo (object, then row). Nothing is left behind when a step fails. A storage
   * failure does not cost the user the answer they wait for: it is logged, and null means the
   * answer goes out with an empty imageUrl.
   */
  private async keep(owner: ImageOwner, jpeg: Buffer, scenario: string): Promise<KeptPhoto | null> {
    const { store, repo, clock, logger } = this.deps;
    const now = clock();
    const id = randomUUID();
    const storageKey = `vision/${day(now)}/${id}.jpg`;
    try {
      await store.put(storageKey, jpeg, 'image/jpeg');
    } catch (err) {
      logger.error({ store: store.kind, err: failureForLog(err) }, 'storing the analysed image failed');
      return null;
    }
    try {
      await repo.insert({
        id,
        ownerKind: owner.kind,
        ownerId: owner.id,
        storageKey,
        contentType: 'image/jpeg',
        byteSize: jpeg.length,
        scenario,
        createdAt: now,
      });
    } catch (err) {
      logger.error({ err: failureForLog(err) }, 'recording the analysed image failed');
      await this.forget({ id: null, storageKey });
      return null;
    }
    return { id, storageKey, exp: Math.floor(now.getTime() / 1000) + this.deps.urlTtlSeconds };
  }

  /** Best-effort removal of a photo that must not stay (row first: without it nobody can reach the object). */
  private async forget(photo: { id: string | null; storageKey: string } | null): Promise<void> {
    if (!photo) return;
    const { repo, store, logger } = this.deps;
    try {
      if (photo.id) await repo.deleteById(photo.id);
      await store.delete(photo.storageKey);
    } catch (err) {
      logger.error(
        { storageKey: photo.storageKey, err: failureForLog(err) },
        'removing an unwanted image failed',
      );
    }
  }

  /** The photo for its owner (identity headers or a valid signed URL); anyone else gets a 404. */
  async image(id: string, access: ImageAccess): Promise<ServedImage> {
    const { repo, store, signer, clock, retentionHours, logger } = this.deps;
    const row = await repo.findById(id);
    if (!row) throw notFound();
    const nowMs = clock().getTime();
    const nowSeconds = Math.floor(nowMs / 1000);
    const deletedAt = row.createdAt.getTime() + retentionHours * 3600_000;
    if (deletedAt <= nowMs) throw notFound();
    const owner: ImageOwner = { kind: row.ownerKind as ImageOwner['kind'], id: row.ownerId };
    const byHeaders = access.caller?.kind === owner.kind && access.caller.id === owner.id;
    const bySignature = !byHeaders && signer.verify(id, owner, access.exp, access.sig, nowSeconds);
    if (!byHeaders && !bySignature) throw notFound();
    let stored;
    try {
      stored = await store.get(row.storageKey);
    } catch (err) {
      logger.error({ store: store.kind, err: failureForLog(err) }, 'reading a stored image failed');
      throw new AppError(500, 'errors.internal');
    }
    if (!stored) throw notFound();
    const untilDeleted = Math.floor((deletedAt - nowMs) / 1000);
    const maxAgeSeconds = bySignature
      ? Math.min(untilDeleted, Number(access.exp) - nowSeconds)
      : untilDeleted;
    return { bytes: stored.bytes, contentType: row.contentType, maxAgeSeconds: Math.max(0, maxAgeSeconds) };
  }
}
