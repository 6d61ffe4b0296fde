import { type Feedback, type SendFeedbackRequest } from '@sfm/protocol/feedback';
import { FEEDBACK_PHOTO } from '@sfm/protocol/user-photos';
import { maskPhone } from '@sfm/protocol/admin';
import {
  ADMIN_FEEDBACK_LIMIT,
  type AdminFeedback,
  type AdminFeedbackList,
} from '@sfm/protocol/feedback-admin';
import { AppError } from '../../app-error.ts';
import type { AdminActor, AuditLog } from '../../audit/audit-log.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../security/clock.ts';
import type { UserPhotos } from '../../module-context.ts';
import { FeedbackRepo, type FeedbackRow, type FeedbackWithPhone } from './repo.ts';

/** Photos one user may attach to feedback in a day: enough for any real report, not a free photo store. */
export const FEEDBACK_PHOTOS_PER_DAY = 10;
const DAY_MS = 24 * 3600_000;

/** The operator sees the full phone only of a sender who agreed to be contacted. */
const phoneFor = (row: FeedbackWithPhone) =>
  row.contactConsent && row.phone !== null ? row.phone : maskPhone(row.phone);

/** Users' feedback from the contact-us page, and the back office's answers (audited). */
export class FeedbackService {
  private readonly repo: FeedbackRepo;
  constructor(private readonly deps: { db: Database; audit: AuditLog; clock: Clock; photos: UserPhotos }) {
    this.repo = new FeedbackRepo(deps.db);
  }

  /** A feedback as its sender sees it, the attached photo as a signed URL. */
  private toFeedback(row: FeedbackRow): Feedback {
    return {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      category: row.category,
      text: row.text,
      contactConsent: row.contactConsent,
      reply: row.reply,
      repliedAt: row.repliedAt?.toISOString() ?? null,
      photoUrl: row.photoKey ? this.deps.photos.url(row.photoKey) : null,
    };
  }

  /** What the operator sees: the same, with the sender's phone. */
  private toAdminFeedback(row: FeedbackWithPhone): AdminFeedback {
    return { ...this.toFeedback(row), phone: phoneFor(row) };
  }

  async send(userId: string, { photo, ...request }: SendFeedbackRequest): Promise<Feedback> {
    const { photos, clock } = this.deps;
    // checked before the photo is decoded and stored
    if (
      photo &&
      (await this.repo.photosSince(userId, new Date(clock().getTime() - DAY_MS))) >= FEEDBACK_PHOTOS_PER_DAY
    )
      throw AppError.retryLater('errors.rate_limited', 3600);
    const photoKey = photo ? await photos.save(userId, photo, FEEDBACK_PHOTO, 'photo') : null;
    const row = await this.repo
      .insert({ userId, ...request, photoKey, createdAt: clock() })
      .catch(async (err: unknown) => {
        await photos.discard([photoKey]);
        throw err;
      });
    return this.toFeedback(row);
  }

  async mine(userId: string): Promise<{ items: Feedback[] }> {
    return { items: (await this.repo.listByUser(userId)).map((row) => this.toFeedback(row)) };
  }

  async list(status: 'open' | 'answered'): Promise<AdminFeedbackList> {
    const rows = await this.repo.list(status, ADMIN_FEEDBACK_LIMIT);
    return { items: rows.map((row) => this.toAdminFeedback(row)) };
  }

  reply(actor: AdminActor, id: string, reply: string): Promise<AdminFeedback> {
    return this.deps.audit.change(actor, async (tx) => {
      const repo = new FeedbackRepo(tx);
      const before = await repo.findById(id);
      if (!before) throw new AppError(404, 'errors.feedback_not_found');
      const after = await repo.reply(id, reply, actor.adminId, this.deps.clock());
      return {
        action: 'feedback.reply',
        targetType: 'feedback',
        targetId: id,
        targetLabel: maskPhone(before.phone),
        before: { reply: before.reply },
        after: { reply },
        result: this.toAdminFeedback({ ...after!, phone: before.phone }),
      };
    });
  }
}
