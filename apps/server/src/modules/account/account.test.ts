import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { endpoints } from '@sfm/protocol';
import { accountEndpoints as e, DELETE_ACCOUNT_CONFIRMATION, type MyDataExport } from '@sfm/protocol/account';
import { feedbackEndpoints } from '@sfm/protocol/feedback';
import { avatarEndpoints } from '@sfm/protocol/user-photos';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerWithCode,
  auth,
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';

let t: TestApp;
let image: string;
let seq = 0;
const newPhone = () => `136${String(10_000_000 + ++seq).slice(-8)}`;

beforeAll(async () => {
  t = await createTestApp();
  image = (
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
});
afterAll(() => t.close());

interface Member {
  id: string;
  phone: string;
  headers: Record<string, string>;
  refreshToken: string;
}

async function newMember(phone = newPhone()): Promise<Member> {
  const session = expectOk(endpoints.register, await registerWithCode(t, { phone, password: 'password123' }));
  return { id: session.user.id, phone, headers: auth(session.token), refreshToken: session.refreshToken };
}

/** A member with a record of every kind: settings, a nickname, an analysis with its photo, a market scene. */
async function busyMember(): Promise<Member & { imageUrl: string }> {
  const m = await newMember();
  expectOk(endpoints.updateMe, await call(t.app, endpoints.updateMe, { nickname: 'Ming' }, m.headers));
  expectOk(
    e.updateMySettings,
    await call(t.app, e.updateMySettings, { operationMode: 'quick', savePhoto: true }, m.headers),
  );
  const analysis = expectOk(
    endpoints.visionAnalyze,
    await call(t.app, endpoints.visionAnalyze, { image, scenario: 'observe' }, m.headers),
  );
  expectOk(
    feedbackEndpoints.sendFeedback,
    await call(
      t.app,
      feedbackEndpoints.sendFeedback,
      { category: 'problem', text: 'Hello', contactConsent: true, photo: image },
      m.headers,
    ),
  );
  expectOk(avatarEndpoints.setMyAvatar, await call(t.app, avatarEndpoints.setMyAvatar, { image }, m.headers));
  await t.database.db.execute(
    sql`insert into market_scenes (author_id, visibility, status, name, description, prompt, behaviour, category, icon)
        values (${m.id}, 'private', 'draft', 'Mine', 'd', 'p', 'single', 'daily', 'eye')`,
  );
  return { ...m, imageUrl: analysis.imageUrl };
}

const exportOf = async (m: Member): Promise<MyDataExport> =>
  expectOk(e.exportMyData, await call(t.app, e.exportMyData, undefined, m.headers));

/** Every (table, column) holding this id, across the whole schema: whatever tables exist today. */
async function rowsMentioning(id: string): Promise<string[]> {
  const columns = await t.database.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('uuid', 'text') and table_name <> '__drizzle_migrations'`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const hit = await t.database.db.execute(
      sql`select 1 from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text = ${id} limit 1`,
    );
    if (hit.rows.length > 0) found.push(`${table_name}.${column_name}`);
  }
  return found.sort();
}

describe('settings across devices', () => {
  it('a second device reads what the first stored; a change merges key by key', async () => {
    const m = await newMember();
    expect(expectOk(e.mySettings, await call(t.app, e.mySettings, undefined, m.headers))).toEqual({});
    await call(t.app, e.updateMySettings, { operationMode: 'quick', defaultScene: 'dialogue' }, m.headers);
    await call(t.app, e.updateMySettings, { volume: 0.5, mainCameraDeviceId: 'cam-2' }, m.headers);
    const other = expectOk(
      endpoints.login,
      await call(t.app, endpoints.login, { phone: m.phone, password: 'password123' }),
    );
    expect(expectOk(e.mySettings, await call(t.app, e.mySettings, undefined, auth(other.token)))).toEqual({
      operationMode: 'quick',
      defaultScene: 'dialogue',
      volume: 0.5,
      mainCameraDeviceId: 'cam-2',
    });
  });

  it('refuses unknown keys and out-of-range values', async () => {
    const m = await newMember();
    expectError(await call(t.app, e.updateMySettings, { colour: 'red' }, m.headers), 400, 'unknown_field');
    expect((await call(t.app, e.updateMySettings, { volume: 2 }, m.headers)).status).toBe(400);
    expect((await call(t.app, e.mySettings)).status).toBe(401);
  });
});

describe('download my data', () => {
  it('holds every kind of record of the user and nothing of anyone else', async () => {
    const m = await busyMember();
    const other = await busyMember();
    const data = await exportOf(m);
    expect(data.profile).toMatchObject({ id: m.id, phone: m.phone, nickname: 'Ming' });
    expect(data.profile.avatarUrl).toMatch(new RegExp(`^/api/user-photos/${m.id}/`));
    expect(data.settings).toEqual({ operationMode: 'quick', savePhoto: true });
    expect(data.points.account).not.toBeNull();
    expect(data.points.entries.length).toBeGreaterThan(0);
    expect(data.analyses).toHaveLength(1);
    expect(data.photos).toHaveLength(1);
    expect(data.scenes).toHaveLength(1);
    expect(data.feedback).toMatchObject([{ category: 'problem', text: 'Hello' }]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.phone);
  });
});

describe('delete my account', () => {
  it('needs the confirmation', async () => {
    const m = await newMember();
    expectError(await call(t.app, e.deleteMyAccount, {}, m.headers), 400, 'confirmation_required');
  });

  it('removes personal rows and photos at once, ends every session, keeps the ledger balanced, frees the phone', async () => {
    const m = await busyMember();
    const other = await busyMember();
    const photoKey = (
      await t.database.db.execute<{ storage_key: string }>(
        sql`select storage_key from vision_images where owner_id = ${m.id}`,
      )
    ).rows[0]!.storage_key;
    // the avatar and the feedback photo are kept beside the analysed photo
    const userPhotos = path.join(t.dataDir, 'images', 'user-photos', m.id);
    expect(readdirSync(userPhotos)).toHaveLength(2);
    expect(existsSync(path.join(t.dataDir, 'images', photoKey))).toBe(true);

    expectOk(
      e.deleteMyAccount,
      await call(t.app, e.deleteMyAccount, { confirm: DELETE_ACCOUNT_CONFIRMATION }, m.headers),
    );

    // only the anonymous ledger still names the id: no phone, no nickname, no photo, no settings
    expect(await rowsMentioning(m.id)).toEqual([
      'deleted_accounts.user_id',
      'points_accounts.user_id',
      'points_entries.user_id',
      'users.id',
    ]);
    expect(await rowsMentioning(m.phone)).toEqual([]);
    expect(existsSync(path.join(t.dataDir, 'images', photoKey))).toBe(false);
    expect(readdirSync(userPhotos)).toEqual([]);
    const [user] = (
      await t.database.db.execute(sql`select nickname, password_hash from users where id = ${m.id}`)
    ).rows;
    expect(user).toEqual({ nickname: null, password_hash: null });

    // the ledger still balances: the entries add up to the account's buckets
    const [balance] = (
      await t.database.db.execute<{ entries: string; buckets: string }>(sql`
        select (select coalesce(sum(amount), 0) from points_entries where user_id = ${m.id}) as entries,
               (select free_points + vip_points + paid_points from points_accounts where user_id = ${m.id}) as buckets`)
    ).rows;
    expect(Number(balance!.entries)).toBe(Number(balance!.buckets));

    // every session is over
    expect((await call(t.app, endpoints.me, undefined, m.headers)).status).toBe(401);
    expect((await call(t.app, endpoints.refreshToken, { refreshToken: m.refreshToken })).status).toBe(401);
    expect((await call(t.app, endpoints.login, { phone: m.phone, password: 'password123' })).status).not.toBe(
      200,
    );

    // the other user is untouched, and the phone registers again as a new person
    expect((await exportOf(other)).photos).toHaveLength(1);
    const again = await newMember(m.phone);
    expect(again.id).not.toBe(m.id);
    expect((await exportOf(again)).analyses).toEqual([]);

    // a second deletion with the old token finds nothing to delete
    expect(
      (await call(t.app, e.deleteMyAccount, { confirm: DELETE_ACCOUNT_CONFIRMATION }, m.headers)).status,
    ).toBe(401);
  });
});
