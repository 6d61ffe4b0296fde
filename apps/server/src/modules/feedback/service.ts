import type { Feedback, SendFeedbackRequest } from '@sfm/protocol';
import {
  ADMIN_FEEDBACK_LIMIT,
  maskPhone,
  type AdminFeedback,
  type AdminFeedbackList,
} from '@sfm/protocol/admin';
import { AppError } from '../../app-error.ts';
import type { AdminActor, AuditLog } from '../../audit/audit-log.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../security/clock.ts';
import { FeedbackRepo, type FeedbackRow, type FeedbackWithPhone } from './repo.ts';

export function toFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    category: row.category,
    text: row.text,
    contactConsent: row.contactConsent,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

/** The operator sees the full phone only of a sender who agreed to be contacted. */
const toAdminFeedback = (row: FeedbackWithPhone): AdminFeedback => ({
  ...toFeedback(row),
  phone: row.contactConsent ? row.phone : maskPhone(row.phone),
});

/** Users' feedback from the contact-us page, and the back office's answers (audited). */
export class FeedbackService {
  private readonly repo: FeedbackRepo;
  constructor(private readonly deps: { db: Database; audit: AuditLog; clock: Clock }) {
    this.repo = new FeedbackRepo(deps.db);
  }

  async send(userId: string, request: SendFeedbackRequest): Promise<Feedback> {
    const row = await this.repo.insert({ userId, ...request, createdAt: this.deps.clock() });
    return toFeedback(row);
  }

  async mine(userId: string): Promise<{ items: Feedback[] }> {
    return { items: (await this.repo.listByUser(userId)).map(toFeedback) };
  }

  async list(status: 'open' | 'answered'): Promise<AdminFeedbackList> {
    return { items: (await this.repo.list(status, ADMIN_FEEDBACK_LIMIT)).map(toAdminFeedback) };
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
        result: toAdminFeedback({ ...after!, phone: before.phone }),
      };
    });
  }
}
