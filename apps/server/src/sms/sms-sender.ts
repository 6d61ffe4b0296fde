import { maskPhone } from '@sfm/protocol/admin';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';

/** Delivers a login code; a real gateway (Aliyun, Tencent Cloud …) implements the same interface. */
export interface SmsSender {
  send(phone: string, code: string): Promise<void>;
}

/**
 * The embedded sender: writes the code to the server log. A deliberate exception to "no secrets in
 * logs": without a gateway, the log line is how a developer or operator logs in. The phone is masked.
 */
export class LogSmsSender implements SmsSender {
  constructor(private readonly logger: Logger) {}

  send(phone: string, code: string): Promise<void> {
    this.logger.info({ phone: maskPhone(phone), code }, 'sms code issued');
    return Promise.resolve();
  }
}

/** The sender SMS_SENDER names. */
export function createSmsSender(kind: Config['smsSender'], logger: Logger): SmsSender {
  switch (kind) {
    case 'log':
      return new LogSmsSender(logger);
  }
}
