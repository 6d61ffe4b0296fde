import { randomInt } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_ATTEMPTS,
  SMS_RESEND_SECONDS,
  type SmsSendResponse,
} from '@sfm/protocol';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../security/clock.ts';
import { hmacSha256, safeEqualHex } from '../../security/secrets.ts';
import type { SmsSender } from '../../sms/sms-sender.ts';
import type { SmsCodeRepo } from './repo.ts';

export interface SmsCodesDeps {
  repo: SmsCodeRepo;
  sms: SmsSender;
  clock: Clock;
  /** Keys the SMS code hashes: six digits are too few to hash without a secret. */
  key: Uint8Array;
}

type SmsCheck = 'ok' | 'invalid' | 'too_many';

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** The one-time codes sent by SMS that prove a phone: sent at most once a resend interval, tried a few times. */
export class SmsCodes {
  constructor(private readonly deps: SmsCodesDeps) {}

  async send(phone: string): Promise<SmsSendResponse> {
    const now = this.deps.clock();
    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const issued = await this.deps.repo.issue(
      {
        phone,
        codeHash: this.hash(phone, code),
        sentAt: now,
        expiresAt: addSeconds(now, SMS_CODE_TTL_SECONDS),
      },
      addSeconds(now, -SMS_RESEND_SECONDS),
    );
    if (!issued) {
      const previous = await this.deps.repo.find(phone);
      const wait = previous
        ? Math.ceil((previous.sentAt.getTime() + SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000)
        : SMS_RESEND_SECONDS;
      throw AppError.retryLater('errors.sms_resend_wait', Math.max(1, wait));
    }
    await this.deps.sms.send(phone, code);
    return { expiresInSeconds: SMS_CODE_TTL_SECONDS, resendAfterSeconds: SMS_RESEND_SECONDS };
  }

  /**
   * Uses up the phone's code, or refuses: a wrong or expired code, or too many tries. A null phone
   * (an account made by a social login has none) has no code to prove anything with.
   */
  async prove(phone: string | null, code: string): Promise<void> {
    const result = phone ? await this.check(phone, code) : 'invalid';
    if (result === 'too_many') throw new AppError(429, 'errors.sms_too_many_attempts');
    if (result === 'invalid') throw new AppError(401, 'errors.sms_code_invalid', {}, { field: 'code' });
  }

  /** One check at a time per phone (row lock), so parallel guesses cannot exceed the attempt limit. */
  private check(phone: string, code: string): Promise<SmsCheck> {
    const now = this.deps.clock();
    return this.deps.repo.transaction(async (repo): Promise<SmsCheck> => {
      const row = await repo.findForUpdate(phone);
      if (!row || row.expiresAt <= now) return 'invalid';
      if (row.failedAttempts >= SMS_MAX_ATTEMPTS) return 'too_many';
      if (!safeEqualHex(row.codeHash, this.hash(phone, code))) {
        const failures = await repo.recordFailure(phone);
        return failures >= SMS_MAX_ATTEMPTS ? 'too_many' : 'invalid';
      }
      await repo.remove(phone);
      return 'ok';
    });
  }

  private hash(phone: string, code: string): string {
    return hmacSha256(this.deps.key, `${phone}:${code}`);
  }
}
