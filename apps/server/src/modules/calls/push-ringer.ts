import type { IncomingCall } from '@sfm/protocol';
import type { Logger } from 'pino';
import type { CallsRepo } from './repo.ts';
import type { WebPushSender } from './web-push.ts';

/** Where a tapped ring notification takes the volunteer: the page that rings and answers. */
const VOLUNTEER_PAGE = '/volunteer-calls';

/** Rings volunteers whose page is not open through their browsers' Web Push subscriptions. */
export class PushRinger {
  constructor(
    private readonly repo: CallsRepo,
    private readonly sender: WebPushSender,
    private readonly logger: Logger,
  ) {}

  get publicKey(): string {
    return this.sender.publicKey;
  }

  async ring(volunteerIds: string[], call: IncomingCall): Promise<void> {
    const targets = await this.repo.pushTargets(volunteerIds);
    const payload = {
      kind: 'incomingCall' as const,
      callId: call.callId,
      seekerName: call.seekerName,
      url: VOLUNTEER_PAGE,
    };
    const results = await Promise.all(targets.map((target) => this.sender.send(target, payload)));
    for (const [i, result] of results.entries()) {
      const target = targets[i];
      // the browser unsubscribed or the push service forgot it: never try it again
      if (result === 'gone' && target) await this.repo.removePushSubscription(target.endpoint);
    }
    this.logger.info(
      { callId: call.callId, pushed: results.filter((r) => r === 'sent').length },
      'rang by push',
    );
  }
}
