import { endpoints, VOLUNTEER, type AdminRole } from '@sfm/protocol';
import { AdminRepo } from '../../src/modules/admin/repo.ts';
import { PasswordHasher, TEST_ARGON2 } from '../../src/security/password-hasher.ts';
import { auth, call, expectOk, registerWithCode, type TestApp } from './app-harness.ts';

const hasher = new PasswordHasher(TEST_ARGON2);
let adminSeq = 0;

export interface TestAdmin {
  id: string;
  username: string;
  password: string;
  token: string;
  /** Headers carrying the admin token. */
  headers: Record<string, string>;
}

/** An admin of that role made straight in the database (as the CLI would), then logged in. */
export async function signedInAdmin(t: TestApp, role: AdminRole = 'super_admin'): Promise<TestAdmin> {
  const username = `${role.replace('_', '-')}-${++adminSeq}`;
  const password = 'admin-pass-1';
  const row = await new AdminRepo(t.database.db).insert({
    username,
    passwordHash: await hasher.hash(password),
    passwordTemporary: false,
    role,
  });
  if (!row) throw new Error(`admin ${username} exists already`);
  const { token } = expectOk(
    endpoints.adminLogin,
    await call(t.app, endpoints.adminLogin, { username, password }),
  );
  return { id: row.id, username, password, token, headers: { authorization: `Bearer ${token}` } };
}

let phoneSeq = 0;
/** A registered user with a fresh phone (prefix 135, which no other test file uses). */
export async function registeredUser(t: TestApp, nickname?: string) {
  const phone = `135${String(10_000_000 + ++phoneSeq).slice(-8)}`;
  const session = expectOk(
    endpoints.register,
    await registerWithCode(t, { phone, password: 'password123', ...(nickname && { nickname }) }),
  );
  return { ...session, phone, headers: auth(session.token) };
}

/** A registered user who chose the volunteer role (only volunteers can be rung). */
export async function registeredVolunteer(t: TestApp, nickname?: string) {
  const user = await registeredUser(t, nickname);
  expectOk(endpoints.updateMe, await call(t.app, endpoints.updateMe, { userType: VOLUNTEER }, user.headers));
  return user;
}
