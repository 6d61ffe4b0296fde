import type { ConsumeScene } from '@sfm/protocol/points';

/** Who pays for a use: a registered user's account, or a temporary device's daily allowance. */
export interface Payer {
  kind: 'user' | 'device';
  id: string;
}

/** Points set aside for one use; exactly one of commit or release takes effect (both are idempotent). */
export interface Reservation {
  /** Charges the reserved cost: one `consume` entry. Call when the work succeeded. */
  commit(): Promise<void>;
  /** Gives the points back untouched. Call when the work failed or was cancelled. */
  release(): Promise<void>;
}

/**
 * The seam every metered feature uses (vision analysis today; chat and speech recognition next):
 * reserve before the engine runs, then commit on success or release on failure. A refused
 * reservation throws an AppError 402: `points_insufficient` for a user, `points_login_required`
 * for a device past its daily allowance. Prefer `metered()` below, which does the three steps.
 * The points module meters on its ledger (modules/points/ledger-points-meter.ts); a feature reaches
 * it as `ctx.points.meter` and never imports the points module.
 */
export interface PointsMeter {
  reserve(payer: Payer, scene: ConsumeScene): Promise<Reservation>;
}

/**
 * Runs `work` metered: reserved first, released if it throws, charged once it resolves. `finish`
 * is what the answer still needs after that (its records, its stored photo): it runs beside the
 * charge, so the user waits for the slower of the two and not for both. A client that leaves
 * during `finish` has been charged, as one that leaves while the answer is on its way.
 */
export async function metered<T, R = T>(
  meter: PointsMeter,
  payer: Payer,
  scene: ConsumeScene,
  work: () => Promise<T>,
  finish: (result: T) => Promise<R> = (result) => Promise.resolve(result as unknown as R),
): Promise<R> {
  const reservation = await meter.reserve(payer, scene);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await reservation.release();
    throw err;
  }
  const [finished] = await Promise.all([finish(result), reservation.commit()]);
  return finished;
}
