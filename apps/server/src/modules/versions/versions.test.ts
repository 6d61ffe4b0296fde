import { endpoints, RELEASE_NOTES_PATH } from '@sfm/protocol';
import { adminEndpoints } from '@sfm/protocol/admin';
import { APK_CONTENT_TYPE, APK_UPLOAD_PATH, versionAdminEndpoints } from '@sfm/protocol/versions-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, type TestAdmin } from '../../../test/harness/admin-harness.ts';
import {
  call,
  createTestApp,
  expectError,
  expectOk,
  type CallResult,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import { fakeApk, zipOf } from '../../../test/fixtures/apk.ts';

const APK_CAP = 64 * 1024;
let t: TestApp;
let admin: TestAdmin;

beforeAll(async () => {
  t = await createTestApp({ config: { apkMaxBytes: APK_CAP } });
  admin = await signedInAdmin(t, 'operator');
});
afterAll(() => t.close());

const check = (platform: string, current: string) =>
  call(t.app, endpoints.versionCheck, { platform, current });

async function created(body: Record<string, unknown>) {
  return expectOk(
    versionAdminEndpoints.createVersion,
    await call(t.app, versionAdminEndpoints.createVersion, body, admin.headers),
  );
}
async function published(id: string, value = true) {
  // each publication a minute after the last: the release notes list the latest first
  t.clock.advance(60);
  return expectOk(
    versionAdminEndpoints.publishVersion,
    await call(t.app, versionAdminEndpoints.publishVersion, { id, published: value }, admin.headers),
  );
}

async function upload(id: string, bytes: Buffer, contentType = APK_CONTENT_TYPE): Promise<CallResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${APK_UPLOAD_PATH}?id=${id}`,
    headers: { ...admin.headers, 'content-type': contentType },
    payload: bytes,
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

describe('update checks (GET /api/version/check)', () => {
  beforeAll(async () => {
    // ios: 200 optional with a minimum of 150; 300 silent; 250 is a draft (never seen)
    const v200 = await created({
      platform: 'ios',
      versionName: '2.0.0',
      buildNumber: 200,
      updateType: 'optional',
      minSupportedBuild: 150,
      downloadUrl: 'https://apps.apple.com/app/id000000',
    });
    const v300 = await created({
      platform: 'ios',
      versionName: '3.0.0',
      buildNumber: 300,
      updateType: 'optional',
      releaseNotes: '- faster start',
      minSupportedBuild: 150,
      downloadUrl: 'https://apps.apple.com/app/id000000',
    });
    await created({ platform: 'ios', versionName: '2.5.0', buildNumber: 250, updateType: 'force' });
    await published(v200.id);
    await published(v300.id);
    const web = await created({
      platform: 'h5',
      versionName: '1.1.0',
      buildNumber: 101,
      updateType: 'silent',
    });
    await published(web.id);
  });

  it('tells an older client of the newest published version, as that version says', async () => {
    const answer = expectOk(endpoints.versionCheck, await check('ios', '200'));
    expect(answer).toEqual({
      hasUpdate: true,
      update_type: 'optional',
      version_name: '3.0.0',
      update_desc: '- faster start',
    });
  });

  it('forces the update of a client below the minimum supported build, even if the latest is optional', async () => {
    const answer = expectOk(endpoints.versionCheck, await check('ios', '149'));
    expect(answer).toMatchObject({ hasUpdate: true, update_type: 'force', version_name: '3.0.0' });
  });

  it('answers a silent update for the web, and no update to the newest build or a newer one', async () => {
    expect(expectOk(endpoints.versionCheck, await check('h5', '100'))).toMatchObject({
      hasUpdate: true,
      update_type: 'silent',
      version_name: '1.1.0',
    });
    for (const current of ['300', '999']) {
      expect(expectOk(endpoints.versionCheck, await check('ios', current))).toEqual({
        hasUpdate: false,
        update_type: 'optional',
        version_name: '3.0.0',
        update_desc: '',
      });
    }
  });

  it('answers the App Store address of the newest iOS version', async () => {
    expect(expectOk(endpoints.iosLatest, await call(t.app, endpoints.iosLatest))).toEqual({
      download_url: 'https://apps.apple.com/app/id000000',
      version_name: '3.0.0',
      version_code: 300,
      update_desc: '- faster start',
    });
  });

  it('answers no update with the built-in version where nothing is published', async () => {
    expect(expectOk(endpoints.versionCheck, await check('android', '1'))).toMatchObject({
      hasUpdate: false,
      version_name: '1.0.0',
    });
  });

  it('refuses an unknown platform or a build that is not a number with 400', async () => {
    expectError(await check('windows', '100'), 400, 'validation');
    expectError(await check('ios', 'abc'), 400, 'build_number_invalid', '版本号格式无效');
    expectError(await call(t.app, endpoints.versionCheck, { platform: 'ios' }), 400, 'field_required');
  });
});

describe('Android: APK upload, latest version and download', () => {
  let id: string;
  const apk = fakeApk(20_000);

  beforeAll(async () => {
    ({ id } = await created({
      platform: 'android',
      versionName: '1.2.0',
      buildNumber: 120,
      updateType: 'force',
      releaseNotes: '## 新功能\n\n- 阅读模式',
    }));
  });

  it('has no latest version before one is published', async () => {
    expectError(await call(t.app, endpoints.androidLatest), 404, 'version_not_found');
  });

  it('refuses to publish an Android version that has nothing to download', async () => {
    expectError(
      await call(t.app, versionAdminEndpoints.publishVersion, { id, published: true }, admin.headers),
      409,
      'version_not_downloadable',
    );
  });

  it('refuses a file that is not an APK: another type, a ZIP without a manifest, a truncated APK', async () => {
    expectError(
      await upload(id, Buffer.from('%PDF-1.7 not an apk')),
      415,
      'apk_invalid',
      '这不是安卓安装包（APK）文件',
    );
    expectError(await upload(id, zipOf({ 'readme.txt': 'AndroidManifest.xml' })), 415, 'apk_invalid');
    expectError(await upload(id, apk.subarray(0, apk.length - 30)), 415, 'apk_invalid');
  });

  it('refuses an APK over the cap with 413 before storing anything', async () => {
    expectError(await upload(id, fakeApk(APK_CAP)), 413, 'apk_too_large', '安装包不能超过 0.063 MB');
    const [version] = expectOk(
      versionAdminEndpoints.versions,
      await call(t.app, versionAdminEndpoints.versions, { platform: 'android' }, admin.headers),
    ).items;
    expect(version?.apk).toBeNull();
  });

  it('refuses an upload without an admin token, and an APK for an iOS version', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${APK_UPLOAD_PATH}?id=${id}`,
      headers: { 'content-type': APK_CONTENT_TYPE },
      payload: apk,
    });
    expect(res.statusCode).toBe(401);
    const ios = await created({
      platform: 'ios',
      versionName: '9.0.0',
      buildNumber: 900,
      updateType: 'optional',
    });
    expectError(await upload(ios.id, apk), 409, 'apk_only_android');
  });

  it('stores the APK, publishes, and answers it as the latest Android version', async () => {
    const uploaded = expectOk(versionAdminEndpoints.createVersion, await upload(id, apk));
    expect(uploaded.apk).toEqual({ url: `/api/version/apk/${id}/see-for-me-1.2.0.apk`, bytes: apk.length });
    // a draft's file is not downloadable yet
    expect((await t.app.inject({ url: uploaded.apk?.url ?? '' })).statusCode).toBe(404);
    await published(id);
    expect(expectOk(endpoints.androidLatest, await call(t.app, endpoints.androidLatest))).toEqual({
      download_url: uploaded.apk?.url,
      version_name: '1.2.0',
      version_code: 120,
      update_desc: '## 新功能\n\n- 阅读模式',
    });
    expect(expectOk(endpoints.versionCheck, await check('android', '100'))).toMatchObject({
      hasUpdate: true,
      update_type: 'force',
    });
  });

  it('downloads the APK whole, or in byte ranges, with its type and length', async () => {
    const url = `/api/version/apk/${id}/see-for-me-1.2.0.apk`;
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': APK_CONTENT_TYPE,
      'content-length': String(apk.length),
      'accept-ranges': 'bytes',
      'content-disposition': 'attachment; filename="see-for-me-1.2.0.apk"',
    });
    expect(whole.rawPayload.equals(apk)).toBe(true);

    const part = await t.app.inject({ url, headers: { range: 'bytes=100-1123' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${apk.length}`);
    expect(part.headers['content-length']).toBe('1024');
    expect(part.rawPayload.equals(apk.subarray(100, 1124))).toBe(true);

    const rest = await t.app.inject({ url, headers: { range: `bytes=${apk.length - 10}-` } });
    expect(rest.rawPayload.equals(apk.subarray(-10))).toBe(true);
    const tail = await t.app.inject({ url, headers: { range: 'bytes=-5' } });
    expect(tail.headers['content-range']).toBe(`bytes ${apk.length - 5}-${apk.length - 1}/${apk.length}`);

    const beyond = await t.app.inject({ url, headers: { range: `bytes=${apk.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${apk.length}`);
  });

  it('replaces the file on a second upload (the old one is gone from the store)', async () => {
    const second = fakeApk(1000);
    const uploaded = expectOk(versionAdminEndpoints.createVersion, await upload(id, second));
    expect(uploaded.apk?.bytes).toBe(second.length);
    const whole = await t.app.inject({ url: uploaded.apk?.url ?? '' });
    expect(whole.rawPayload.equals(second)).toBe(true);
  });
});

describe('release notes and the back office', () => {
  it('writes the release-note file from the published versions, the latest first', async () => {
    const res = await t.app.inject({ url: RELEASE_NOTES_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const sections = res.body.split('\n').filter((line) => line.startsWith('## '));
    expect(sections.map((s) => s.replace(/ · \d{4}-\d{2}-\d{2}$/, ''))).toEqual([
      '## 1.2.0 · Android',
      '## 1.1.0 · Web',
      '## 3.0.0 · iOS',
      '## 2.0.0 · iOS',
    ]);
    // a note's own heading goes below its version's
    expect(res.body).toContain('### 新功能\n\n- 阅读模式');
    expect(res.body).not.toContain('2.5.0');
  });

  it('refuses a second version with the same build number, bad names and addresses', async () => {
    const body = { platform: 'android', versionName: '1.2.1', buildNumber: 120, updateType: 'optional' };
    expectError(
      await call(t.app, versionAdminEndpoints.createVersion, body, admin.headers),
      409,
      'version_exists',
    );
    expectError(
      await call(
        t.app,
        versionAdminEndpoints.createVersion,
        { ...body, buildNumber: 121, versionName: 'v1' },
        admin.headers,
      ),
      400,
      'version_name_invalid',
    );
    expectError(
      await call(
        t.app,
        versionAdminEndpoints.createVersion,
        { ...body, buildNumber: 121, downloadUrl: 'javascript:alert(1)' },
        admin.headers,
      ),
      400,
      'download_url_invalid',
    );
  });

  it('edits notes, unpublishes, and audits every change', async () => {
    const { items } = expectOk(
      versionAdminEndpoints.versions,
      await call(t.app, versionAdminEndpoints.versions, { platform: 'ios' }, admin.headers),
    );
    expect(items.map((v) => v.buildNumber)).toEqual([900, 300, 250, 200]);
    const v300 = items[1];
    if (!v300) throw new Error('no 3.0.0');
    const edited = expectOk(
      versionAdminEndpoints.updateVersion,
      await call(
        t.app,
        versionAdminEndpoints.updateVersion,
        { id: v300.id, releaseNotes: '- 更快' },
        admin.headers,
      ),
    );
    expect(edited.releaseNotes).toBe('- 更快');
    expect((await published(v300.id, false)).published).toBe(false);
    expect(expectOk(endpoints.versionCheck, await check('ios', '200')).hasUpdate).toBe(false);

    const audit = expectOk(
      adminEndpoints.audit,
      await call(t.app, adminEndpoints.audit, { targetType: 'version', targetId: v300.id }, admin.headers),
    );
    expect(audit.items.map((e) => e.action)).toEqual([
      'version.unpublish',
      'version.update',
      'version.publish',
      'version.create',
    ]);
    expect(JSON.parse(audit.items[1]?.after ?? '{}')).toMatchObject({ releaseNotes: '- 更快' });
  });

  it("is the back office's: a user or an anonymous caller is refused", async () => {
    expectError(await call(t.app, versionAdminEndpoints.versions), 401, 'unauthorized');
  });
});

describe("before any version is published, with the deployment's download addresses (spec §7 defaults)", () => {
  let configured: TestApp;
  const ANDROID = 'https://downloads.example.com/see-for-me.apk';
  const APP_STORE = 'https://apps.apple.com/app/id000000000';
  beforeAll(async () => {
    configured = await createTestApp({ config: { defaultDownloads: { android: ANDROID, ios: APP_STORE } } });
  });
  afterAll(() => configured.close());

  it('offers them as version 1.0.0, build 1', async () => {
    expect(expectOk(endpoints.androidLatest, await call(configured.app, endpoints.androidLatest))).toEqual({
      download_url: ANDROID,
      version_name: '1.0.0',
      version_code: 1,
      update_desc: '',
    });
    expect(expectOk(endpoints.iosLatest, await call(configured.app, endpoints.iosLatest))).toMatchObject({
      download_url: APP_STORE,
      version_code: 1,
    });
  });
});
