import { api, refreshSession, type RefreshOutcome } from '../api/http-client.ts';
import { logout } from '../api/logout.ts';
import { loadProtocolSchemas } from '../api/protocol-schemas.ts';
import { ensureDeviceId, useSession } from '../session/index.ts';
import { resolveSpeakWithScreenReaderDefault } from '../features/speech/index.ts';
import { tr } from '../i18n/index.ts';
import { announce } from '../ui/announcer.tsx';
import { navigateTo } from '../ui/navigation.ts';
import { routes } from '../ui/routes.ts';
import { startSpeechService } from './speech-start.ts';

export type VerifyOutcome = 'valid' | 'invalid' | 'unavailable';

async function verify(token: string): Promise<VerifyOutcome> {
  try {
    const answer = await api.call('verifyToken', { token });
    // the token is valid only when data.valid is true (spec §5)
    if (answer.ok) return answer.data.valid === true ? 'valid' : 'invalid';
    return answer.code >= 400 && answer.code < 500 ? 'invalid' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/**
 * Checks the stored user against the protocol's schema (the session read it unchecked): a shape the
 * protocol no longer accepts (stored by an older version) is dropped, as if none were stored.
 */
async function checkStoredUser(): Promise<void> {
  const { user } = useSession.getState();
  if (!user) return;
  const parsed = (await loadProtocolSchemas()).User.safeParse(user);
  // a login or logout meanwhile replaced it with a user the server just sent
  if (useSession.getState().user !== user) return;
  useSession.setState({ user: parsed.success ? parsed.data : null });
}

/**
 * App start (spec §4): with a token, verify it and refresh it to rotate the pair. If both fail,
 * log out and go to "/". Then mark the app initialized. Network failures (no answer at all) never
 * log the user out, nor do 5xx answers: app start errors are only logged (spec §8).
 */
export async function runAppStart(): Promise<void> {
  ensureDeviceId();
  // beside the first call: the schemas it needs are the same download
  const userChecked = checkStoredUser().catch(() => undefined);
  const { token } = useSession.getState();
  if (token) {
    // side by side: only the pair of outcomes matters, and the pages wait for both (one round trip
    // less before the first page on a slow network). Verifying reads the access token alone, and
    // refreshing rotates only the refresh token, so neither can spoil the other.
    const [verified, refreshed] = await Promise.all([
      verify(token),
      refreshSession().catch((): RefreshOutcome => 'unavailable'),
    ]);
    if (verified === 'invalid' && refreshed === 'rejected') {
      logout();
      // spec §8: the verify failure is said as such, with why
      announce(tr('session.verifyFailed', { reason: tr('session.expired') }), { assertive: true });
      navigateTo(routes.home);
    }
  }
  await userChecked;
  useSession.getState().markInitialized();
}

let started: Promise<void> | null = null;

/**
 * Runs app start once per page load (StrictMode and re-renders call it again harmlessly), then starts
 * the speech service (spec §4), after the session refresh so the synthesis socket signs in with the
 * new token. Whether a screen reader is on is asked first (one quick native call, nothing on the
 * web): pages render once the app is initialized, and their first words must already go to the
 * right voice.
 */
export function startApp(): Promise<void> {
  started ??= resolveSpeakWithScreenReaderDefault()
    .then(runAppStart)
    .catch((error: unknown) => {
      console.error('app start failed', error);
      useSession.getState().markInitialized();
    })
    .then(() => {
      startSpeechService();
    });
  return started;
}
