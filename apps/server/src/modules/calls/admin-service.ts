import { maskPhone } from '@sfm/protocol/admin';
import {
  type AdminCallReports,
  type AdminCallsPage,
  type AdminHandleCallReportRequest,
} from '@sfm/protocol/calls-admin';
import { AppError } from '../../app-error.ts';
import type { AdminActor, AuditLog } from '../../audit/audit-log.ts';
import type { Clock } from '../../security/clock.ts';
import type { CallFilters, CallsAdminRepo } from './admin-repo.ts';

/** A member as operators see them: the nickname, and the masked phone when the account has one. */
const person = (nickname: string | null, phone: string | null) => {
  if (!nickname) return maskPhone(phone);
  return phone === null ? nickname : `${nickname}（${maskPhone(phone)}）`;
};

/** The back office's calls: records with statistics, and the reports operators handle (audited). */
export class CallsAdminService {
  constructor(private readonly deps: { repo: CallsAdminRepo; audit: AuditLog; clock: Clock }) {}

  async records(query: CallFilters & { page: number; pageSize: number }): Promise<AdminCallsPage> {
    const filters: CallFilters = { status: query.status, from: query.from, to: query.to };
    const [{ rows, total }, stats] = await Promise.all([
      this.deps.repo.records(filters, query.page, query.pageSize),
      this.deps.repo.stats(filters),
    ]);
    return {
      total,
      stats,
      items: rows.map(
        ({
          seekerNickname,
          seekerPhone,
          volunteerId,
          volunteerNickname,
          volunteerPhone,
          operatorUsername,
          ...r
        }) => ({
          ...r,
          seeker: person(seekerNickname, seekerPhone),
          helper:
            operatorUsername ?? (volunteerId === null ? null : person(volunteerNickname, volunteerPhone)),
        }),
      ),
    };
  }

  async reports(onlyOpen: boolean): Promise<AdminCallReports> {
    const rows = await this.deps.repo.reports(onlyOpen);
    return {
      items: rows.map(({ reporterNickname, reporterPhone, reportedNickname, reportedPhone, ...r }) => ({
        ...r,
        reporter: person(reporterNickname, reporterPhone),
        reported: r.reportedId === null ? null : person(reportedNickname, reportedPhone),
      })),
    };
  }

  /** Records how a report was handled, with its audit row, in one transaction. */
  async handleReport(actor: AdminActor, request: AdminHandleCallReportRequest): Promise<null> {
    return this.deps.audit.change(actor, async (tx) => {
      const handled = await this.deps.repo
        .within(tx)
        .handleReport(request, request.handling, actor.adminId, this.deps.clock());
      if (!handled) throw new AppError(404, 'errors.call_not_found');
      return {
        action: 'call.handle_report',
        targetType: 'user',
        targetId: handled.reportedId ?? request.reporterId,
        targetLabel: handled.reportedId ? maskPhone(handled.reportedPhone) : '',
        before: { callId: request.callId, handling: handled.before },
        after: { callId: request.callId, handling: request.handling },
        result: null,
      };
    });
  }
}
