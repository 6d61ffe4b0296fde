import type { AuditAction } from '@sfm/protocol/admin';
import type { AdminScene, AdminScenesPage, AdminSceneTestResult } from '@sfm/protocol/market-admin';
import { maskPhone } from '@sfm/protocol/admin';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import type { AdminActor, AuditLog } from '../../audit/audit-log.ts';
import type { Database } from '../../db/database.ts';
import type { VisionEngine } from '../../engines/vision/vision-engine.ts';
import type { Clock } from '../../security/clock.ts';
import { acceptUploadedImage } from '../../storage/uploaded-image.ts';
import { MarketRepo, type ReviewQuery, type SceneRow, type SceneWithAuthor } from './repo.ts';
import { latestVersion, publishLatest, sceneFields, sceneNotFound, withdrawLive } from './service.ts';

export interface SceneReviewDeps {
  db: Database;
  audit: AuditLog;
  engine: VisionEngine;
  clock: Clock;
  logger: Logger;
}

/** What the audit row keeps of a scene before and after a decision. */
const snapshot = (row: SceneRow) => ({
  status: row.status,
  version: row.version,
  liveVersion: row.liveVersion,
  rejectReason: row.rejectReason,
});

/**
 * The back office's review of public scenes: the queue, a test run of a scene's prompt on a sample
 * photo, and the decisions (approve, reject with a reason, unpublish), each one audited.
 */
export class SceneReviewService {
  private readonly repo: MarketRepo;

  constructor(private readonly deps: SceneReviewDeps) {
    this.repo = new MarketRepo(deps.db);
  }

  async page(query: ReviewQuery): Promise<AdminScenesPage> {
    const { rows, total } = await this.repo.reviewPage(query);
    const reports = await this.repo.reports(rows.map((r) => r.id));
    return {
      items: rows.map((row) => this.view(row, reports.get(row.id))),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  private view(row: SceneWithAuthor, reports?: { count: number; reasons: string[] }): AdminScene {
    return {
      ...sceneFields(row, latestVersion(row)),
      // an author without a phone (a social login's account) is still an author: '—', not official
      authorPhone: row.authorId === null ? null : maskPhone(row.authorPhone),
      reports: reports?.count ?? 0,
      reportReasons: reports?.reasons ?? [],
    };
  }

  private async viewById(id: string): Promise<AdminScene> {
    const row = await this.repo.byId(id);
    if (!row) throw sceneNotFound();
    const reports = await this.repo.reports([id]);
    return this.view(row, reports.get(id));
  }

  /** The pending version goes live in place of the approved one. */
  approve(actor: AdminActor, id: string): Promise<AdminScene> {
    return this.decide(actor, id, 'scene.approve', (row, now) => {
      if (row.status !== 'pending') throw new AppError(409, 'errors.scene_not_reviewable');
      return { ...publishLatest(row, now), status: 'approved', rejectReason: null };
    });
  }

  /** The pending version is refused with a reason its author reads; a live approved version stays. */
  reject(actor: AdminActor, id: string, reason: string): Promise<AdminScene> {
    return this.decide(actor, id, 'scene.reject', (row) => {
      if (row.status !== 'pending') throw new AppError(409, 'errors.scene_not_reviewable');
      return { status: 'rejected', rejectReason: reason };
    });
  }

  /** The live version is taken down (the author reads the reason). */
  unpublish(actor: AdminActor, id: string, reason: string): Promise<AdminScene> {
    return this.decide(actor, id, 'scene.unpublish', (row) => {
      if (row.publishedAt === null) throw new AppError(409, 'errors.scene_not_live');
      return { ...withdrawLive, status: 'unpublished', rejectReason: reason };
    });
  }

  private async decide(
    actor: AdminActor,
    id: string,
    action: AuditAction,
    change: (row: SceneRow, now: Date) => Partial<SceneRow>,
  ): Promise<AdminScene> {
    const { audit, clock } = this.deps;
    await audit.change(actor, async (tx) => {
      const repo = new MarketRepo(tx);
      const row = await repo.lock(id);
      // a private scene is not the back office's to judge
      if (!row || row.visibility !== 'public') throw sceneNotFound();
      const now = clock();
      const patch = { ...change(row, now), updatedAt: now };
      await repo.update(id, patch);
      return {
        action,
        targetType: 'scene',
        targetId: id,
        targetLabel: row.name,
        before: snapshot(row),
        after: snapshot({ ...row, ...patch }),
        result: null,
      };
    });
    return this.viewById(id);
  }

  /** The scene's latest prompt run on the reviewer's photo, as a user would hear it (not metered). */
  async test(id: string, imageBase64: string, signal: AbortSignal): Promise<AdminSceneTestResult> {
    const row = await this.repo.byId(id);
    if (!row || row.visibility !== 'public') throw sceneNotFound();
    const image = await acceptUploadedImage(imageBase64);
    const { engine, logger } = this.deps;
    try {
      await engine.warmUp();
      const { description } = await engine.analyze({
        image: image.jpeg,
        pixels: image.pixels,
        scenario: 'question',
        prompt: row.prompt,
        signal,
      });
      return { description };
    } catch (err) {
      logger.error(
        { engine: engine.name, err: err instanceof Error ? err.message : String(err) },
        'scene test run failed',
      );
      throw new AppError(502, 'errors.vision_failed');
    }
  }
}
