import type { ConsumeScene } from '@sfm/protocol/points';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/database.ts';
import type { Payer, PointsMeter, Reservation } from '../../metering/points-meter.ts';
import { drawInOrder, insufficientPoints, total, type PointsLedger } from './ledger.ts';
import { LedgerRepo } from './ledger-repo.ts';
import type { PointsRulesStore } from './points-rules.ts';

/** A hold outlives no analysis: a process that dies mid-work leaves one that stops counting then. */
const HOLD_SECONDS = 300;

const SCENE_REMARK: Record<ConsumeScene, string> = {
  vision: '图片识别',
  analyze: '场景分析',
  recognize: '语音识别',
  text: '对话',
  reasoning: '深度思考',
};

/** Holds and charges skip the WAL flush wait (ledger.ts, Durability). */
const METERING = { durability: 'metering' } as const;

const loginRequired = () => new AppError(402, 'errors.points_login_required');
const NOTHING: Reservation = { commit: () => Promise.resolve(), release: () => Promise.resolve() };

/**
 * The meter on the ledger. A user's reservation is a hold (spendable minus held must cover the
 * cost, under the account lock); commit turns it into the `consume` entry, release deletes it. A
 * device's reservation takes from the day's allowance in one conditional statement; release
 * returns it. A charge or release that fails is logged, never thrown at a user who got an answer.
 */
export class LedgerPointsMeter implements PointsMeter {
  constructor(
    private readonly db: Database,
    private readonly ledger: PointsLedger,
    private readonly rules: PointsRulesStore,
    private readonly logger: Logger,
  ) {}

  async reserve(payer: Payer, scene: ConsumeScene): Promise<Reservation> {
    const { rules } = await this.rules.current();
    const cost = rules.costs[scene];
    if (cost === 0) return NOTHING;
    return payer.kind === 'user'
      ? this.reserveForUser(payer.id, scene, cost)
      : this.reserveForDevice(payer.id, cost, rules.deviceDailyPoints);
  }

  private async reserveForUser(userId: string, scene: ConsumeScene, cost: number): Promise<Reservation> {
    const holdId = await this.ledger.withAccount(
      userId,
      async (locked) => {
        const id = await new LedgerRepo(locked.tx).insertHoldIfCovered({
          userId,
          amount: cost,
          spendable: total(locked.account),
          now: locked.now,
          expiresAt: new Date(locked.now.getTime() + HOLD_SECONDS * 1000),
        });
        if (id === undefined) throw insufficientPoints();
        return id;
      },
      METERING,
    );
    return this.once({
      commit: () =>
        this.ledger.withAccount(
          userId,
          async (locked) => {
            // a hold already gone (released) charges nothing
            if (!(await new LedgerRepo(locked.tx).deleteHold(holdId))) return;
            // the reservation promised these points; a VIP period ending meanwhile may leave fewer
            const amount = Math.min(cost, total(locked.account));
            await locked.write({
              type: 'consume',
              scene,
              remark: SCENE_REMARK[scene],
              key: `hold:${holdId}`,
              ...drawInOrder(locked.account, amount),
            });
          },
          METERING,
        ),
      release: async () => {
        await new LedgerRepo(this.db).deleteHold(holdId, { relaxed: true });
      },
    });
  }

  private async reserveForDevice(deviceId: string, cost: number, allowance: number): Promise<Reservation> {
    const repo = new LedgerRepo(this.db);
    const day = this.ledger.today();
    if (!(await repo.takeDeviceAllowance(deviceId, day, cost, allowance))) throw loginRequired();
    return this.once({
      commit: () => Promise.resolve(),
      release: () => repo.returnDeviceAllowance(deviceId, day, cost),
    });
  }

  /** The first of commit/release wins; a failure is logged (the user keeps the answer). */
  private once(actions: { commit: () => Promise<void>; release: () => Promise<void> }): Reservation {
    let settled = false;
    const run = (name: 'commit' | 'release') => async () => {
      if (settled) return;
      settled = true;
      try {
        await actions[name]();
      } catch (err) {
        this.logger.error({ err, action: name }, 'settling a points reservation failed');
      }
    };
    return { commit: run('commit'), release: run('release') };
  }
}
