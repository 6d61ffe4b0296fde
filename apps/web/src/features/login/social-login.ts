import type { SocialLoginSession } from '@sfm/protocol/social-login';
import { api, NetworkError } from '../../api/http-client.ts';
import { apiText, tr } from '../../i18n/index.ts';
import { platform } from '../../platform/index.ts';

/** The secret that finishes the login under way, kept from the redirect to the callback page. */
const TRANSACTION_KEY = 'socialLogin.transaction';

const networkMessage = (error: unknown) =>
  error instanceof NetworkError ? error.message : tr('network.failed');

/**
 * The configured provider's name, or null: none configured, or the server could not say. The native
 * app offers none: the provider's page would have to come back to the app by a deep link, which the
 * shell does not register yet.
 */
export async function socialLoginProvider(): Promise<string | null> {
  if (platform.isNative()) return null;
  const answer = await api.call('socialLoginInfo').catch(() => null);
  return answer?.ok ? (answer.data.provider?.label ?? null) : null;
}

/**
 * Starts a login: the server opens a transaction, the browser leaves for the provider's page.
 * Resolves with the reason when it could not start (the page stays).
 */
export async function startSocialLogin(redirect: string | null): Promise<string> {
  try {
    const answer = await api.call('socialLoginStart', { redirect });
    if (!answer.ok) return answer.message;
    platform.storage.set(TRANSACTION_KEY, answer.data.transaction);
    window.location.assign(answer.data.authorizationUrl);
    // the page is being left: nothing to report
    return await new Promise<string>(() => undefined);
  } catch (error) {
    return networkMessage(error);
  }
}

export type FinishOutcome = { ok: true; session: SocialLoginSession } | { ok: false; message: string };

/** Finishes the login with the query the provider sent the callback page (once: the secret is spent). */
export async function finishSocialLogin(callbackQuery: string): Promise<FinishOutcome> {
  const transaction = platform.storage.get(TRANSACTION_KEY);
  platform.storage.remove(TRANSACTION_KEY);
  if (!transaction) return { ok: false, message: apiText('errors.social_login_expired') };
  try {
    const answer = await api.call('socialLoginFinish', { transaction, callbackQuery });
    return answer.ok ? { ok: true, session: answer.data } : { ok: false, message: answer.message };
  } catch (error) {
    return { ok: false, message: networkMessage(error) };
  }
}
