import type { CallFeedbackRequest, CallHistory, CallWarnings } from '@sfm/protocol/calls';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../security/clock.ts';
import type { CallRepo } from './call-repo.ts';
import type { HistoryRepo } from './history-repo.ts';

export interface HistoryDeps {
  history: HistoryRepo;
  /** The call a member rates, to check they were in it. */
  calls: CallRepo;
  clock: Clock;
}

/** What a member sees of their past calls: the list, the warnings they were given, their feedback. */
export class CallHistoryService {
  constructor(private readonly deps: HistoryDeps) {}

  async history(userId: string): Promise<CallHistory> {
    return this.deps.history.history(userId, 50);
  }

  /** The warnings this member was given after reports about their calls (the personal centre shows them). */
  async warnings(userId: string): Promise<CallWarnings> {
    return { items: await this.deps.history.warnings(userId, 20) };
  }

  /** A member rates the call, may report the other member and may block them. */
  async feedback(userId: string, feedback: z.output<typeof CallFeedbackRequest>): Promise<void> {
    const call = await this.deps.calls.find(feedback.callId);
    if (!call || (call.seekerId !== userId && call.volunteerId !== userId)) {
      throw new AppError(404, 'errors.call_not_found');
    }
    await this.deps.history.saveFeedback({
      callId: call.id,
      userId,
      aboutUserId: call.seekerId === userId ? call.volunteerId : call.seekerId,
      helpful: feedback.helpful,
      reportReason: feedback.report?.reason ?? null,
      reportNote: feedback.report?.note ?? '',
      block: feedback.block,
      now: this.deps.clock(),
    });
  }
}
