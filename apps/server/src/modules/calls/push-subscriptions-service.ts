import type { Locale } from '@sfm/protocol';
import type { PushSubscribeRequest } from '@sfm/protocol/calls';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../security/clock.ts';
import type { PushSubscriptionsRepo } from './push-subscriptions-repo.ts';
import { isPushServiceEndpoint } from './push-services.ts';

/** Browsers one user may be rung on: a phone, a tablet, a computer or two. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 5;

export interface PushSubscriptionsDeps {
  subscriptions: PushSubscriptionsRepo;
  /** The VAPID public key a browser subscribes with. */
  publicKey: string;
  /** Where rings may be posted (PUSH_SERVICES). */
  pushServices: readonly string[];
  clock: Clock;
}

/** The browsers a volunteer asks to be rung on while their page is closed (Web Push). */
export class PushSubscriptions {
  constructor(private readonly deps: PushSubscriptionsDeps) {}

  pushKey(): { publicKey: string } {
    return { publicKey: this.deps.publicKey };
  }

  /**
   * A browser subscribes to rings; they will be written in `locale`, the app's language then. Only
   * a push service's address is kept (push-services.ts), and a user's newest few browsers.
   */
  async subscribe(userId: string, subscription: PushSubscribeRequest, locale: Locale): Promise<void> {
    const { subscriptions, pushServices, clock } = this.deps;
    if (!isPushServiceEndpoint(subscription.endpoint, pushServices))
      throw new AppError(400, 'errors.validation', {}, { field: 'endpoint' });
    const target = { endpoint: subscription.endpoint, ...subscription.keys, locale };
    await subscriptions.save(userId, target, clock());
    await subscriptions.keepNewest(userId, PUSH_SUBSCRIPTIONS_PER_USER);
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.deps.subscriptions.remove(endpoint, userId);
  }
}
