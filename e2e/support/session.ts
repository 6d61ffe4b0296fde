import { AuthSession, endpoints, type BodyOf } from '@sfm/protocol';
import type { BrowserContext } from 'playwright-core';
import { waitForSmsCode, type SmsServer } from './server.ts';

let counter = 0;
/** A fresh, valid mainland mobile number per call (unique within a run). */
export function uniquePhone(): string {
  counter += 1;
  const tail = `${Date.now() % 1_000_000}${counter}`.padStart(8, '0').slice(-8);
  return `139${tail}`;
}

async function post(server: SmsServer, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: unknown };
  if (res.status !== 200) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Sends a code to the phone and reads it off the server's log, as its owner would off the SMS. */
export async function smsCodeViaApi(server: SmsServer, phone: string): Promise<string> {
  const since = server.logs.length;
  await post(server, endpoints.smsSend.path, { phone });
  return waitForSmsCode(server, phone, { since });
}

/** How each registered test user logs in again (keyed by the refresh token registration gave). */
const credentials = new Map<string, { server: SmsServer; phone: string; password: string }>();
/** The refresh tokens already put into a browser context. */
const seeded = new Set<string>();

/** Registers as a user does: a code to the phone first, then the account. */
export async function registerViaApi(
  server: SmsServer,
  body: Omit<BodyOf<'register'>, 'code'>,
): Promise<AuthSession> {
  const code = await smsCodeViaApi(server, body.phone);
  const session = AuthSession.parse(await post(server, endpoints.register.path, { ...body, code }));
  credentials.set(session.refreshToken, { server, phone: body.phone, password: body.password });
  return session;
}

/**
 * The session to put into a new browser context. A context is a device of its own: the first
 * gets the registration's session, each later one logs in afresh. Two devices never share a
 * refresh token, because presenting one again after it was rotated ends the session everywhere
 * (refresh-token reuse detection), as it would for a stolen one.
 */
async function sessionForContext(session: AuthSession): Promise<AuthSession> {
  const again = seeded.has(session.refreshToken) ? credentials.get(session.refreshToken) : undefined;
  seeded.add(session.refreshToken);
  if (!again) return session;
  const { server, phone, password } = again;
  const fresh = AuthSession.parse(await post(server, endpoints.login.path, { phone, password }));
  // what the test knows of the user (a role it set through the API) stays as it said
  return { ...fresh, user: { ...fresh.user, ...session.user } };
}

export interface StorageSeed {
  privacyAccepted?: boolean;
  session?: AuthSession;
}

/**
 * Makes the page's localStorage hold exactly the seed (spec §3 keys). It runs in the page (as source
 * text), so it stands alone: no imports, no helpers.
 */
export function storeSeed(s: StorageSeed): void {
  localStorage.clear();
  if (s.privacyAccepted) localStorage.setItem('privacyAccepted', 'true');
  if (s.session) {
    localStorage.setItem('token', s.session.token);
    localStorage.setItem('refreshToken', s.session.refreshToken);
    localStorage.setItem('user', JSON.stringify(s.session.user));
  }
}

/** Before any page script runs: privacy accepted and, when given, a logged-in session. */
export async function seedStorage(context: BrowserContext, seed: StorageSeed): Promise<void> {
  const session = seed.session && (await sessionForContext(seed.session));
  // Only the first document of the context gets the seed (its later tabs share its storage), so
  // the app's own changes stick: a logout, and each rotation of the refresh token.
  await context.addInitScript({
    content: `if (!localStorage.getItem('__seeded')) {
      (${storeSeed.toString()})(${JSON.stringify({ ...seed, session })});
      localStorage.setItem('__seeded', '1');
    }`,
  });
}
