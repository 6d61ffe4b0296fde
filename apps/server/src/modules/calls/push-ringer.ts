import { notificationText, type Locale } from '@sfm/protocol';
import { type CallPushPayload, type IncomingCall } from '@sfm/protocol/calls';
import type { Logger } from 'pino';
import type { PushSubscriptionsRepo } from './push-subscriptions-repo.ts';
import type { WebPushSender } from './web-push.ts';

/** Where a tapped ring notification takes the volunteer: the page that rings and answers. */
const VOLUNTEER_PAGE = '/volunteer-calls';

/** Rings volunteers whose page is not open through their browsers' Web Push subscriptions. */
export class PushRinger {
  constructor(
    private readonly deps: { subscriptions: PushSubscriptionsRepo; sender: WebPushSender; logger: Logger },
  ) {}

  get publicKey(): string {
    return this.deps.sender.publicKey;
  }

  async ring(volunteerIds: string[], call: IncomingCall): Promise<void> {
    const { subscriptions, sender, logger } = this.deps;
    const targets = await subscriptions.targets(volunteerIds);
    const payload = (locale: Locale): CallPushPayload => ({
      kind: 'incomingCall',
      callId: call.callId,
      seekerName: call.seekerName,
      title: notificationText('callTitle', locale),
      body: notificationText('callBody', locale, {
        name: call.seekerName || notificationText('someone', locale),
      }),
      url: VOLUNTEER_PAGE,
    });
    const results = await Promise.all(targets.map((target) => sender.send(target, payload(target.locale))));
    for (const [i, result] of results.entries()) {
      const target = targets[i];
      // the browser unsubscribed or the push service forgot it: never try it again
      if (result === 'gone' && target) await subscriptions.remove(target.endpoint);
    }
    logger.info({ callId: call.callId, pushed: results.filter((r) => r === 'sent').length }, 'rang by push');
  }
}
