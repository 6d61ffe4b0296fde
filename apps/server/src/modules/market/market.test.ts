import { endpoints } from '@sfm/protocol/gathered';
import { marketEndpoints, scenePrompt, type SceneContent } from '@sfm/protocol/market';
import { adminEndpoints } from '@sfm/protocol/admin';
import { sceneAdminEndpoints } from '@sfm/protocol/market-admin';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeVisionEngine } from '../../../test/fakes/vision-engine.ts';
import { registeredUser, signedInAdmin, type TestAdmin } from '../../../test/harness/admin-harness.ts';
import {
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import { SCENES_PER_HOUR } from './service.ts';
import { testPhoto } from '../../../test/fixtures/test-photo.ts';

type User = Awaited<ReturnType<typeof registeredUser>>;

let t: TestApp;
let alice: User;
let bob: User;
let admin: TestAdmin;
let jpegBase64: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await registeredUser(t, '小爱');
  bob = await registeredUser(t, '小波');
  admin = await signedInAdmin(t, 'operator');
  jpegBase64 = (await testPhoto(64, 48, '#3a7').jpeg().toBuffer()).toString('base64');
});
afterAll(() => t.close());

const e = marketEndpoints;
const a = sceneAdminEndpoints;

const content = (over: Partial<SceneContent> = {}): SceneContent => ({
  name: '看药盒',
  description: '读出药名和用法',
  prompt: '请读出药品名称和用法用量',
  behaviour: 'tap',
  intervalSeconds: null,
  category: 'health',
  icon: 'medicine',
  visibility: 'private',
  submit: false,
  ...over,
});

const created = async (user: User, over: Partial<SceneContent> = {}) =>
  expectOk(e.createScene, await call(t.app, e.createScene, content(over), user.headers));
const detail = (user: User, id: string) => call(t.app, e.marketScene, { id }, user.headers);
const list = (user: User, query: Record<string, unknown> = {}) =>
  call(t.app, e.marketScenes, query as Record<string, string>, user.headers);
const listed = async (user: User, query: Record<string, unknown> = {}) =>
  expectOk(e.marketScenes, await list(user, query));
const decide = (endpoint: (typeof a)[keyof typeof a], body: Record<string, unknown>) =>
  call(t.app, endpoint, body, admin.headers);

describe('official scenes', () => {
  it('a fresh install lists approved official scenes for everyone', async () => {
    const page = await listed(bob, { pageSize: 50 });
    const official = page.items.filter((s) => s.official);
    expect(official.length).toBeGreaterThanOrEqual(8);
    expect(official.map((s) => s.name)).toEqual(expect.arrayContaining(['药盒说明', '有效期', '公交车号']));
    const bus = official.find((s) => s.name === '公交车号');
    expect(bus).toMatchObject({ behaviour: 'auto', intervalSeconds: 5, authorName: null, mine: false });
  });
});

describe('making and editing scenes', () => {
  it('creates a private draft that only its author sees; others get the same 404 as for no scene', async () => {
    const scene = await created(alice);
    expect(scene).toMatchObject({ status: 'draft', mine: true, version: 1, live: false, authorName: '小爱' });
    expectOk(e.marketScene, await detail(alice, scene.id));
    const hidden = await detail(bob, scene.id);
    expectError(hidden, 404, 'scene_not_found');
    expect(hidden.body).toEqual((await detail(bob, randomUUID())).body);
    expect((await listed(bob, { tab: 'all', q: '看药盒' })).items).toHaveLength(0);
  });

  it('edits its own scene (a new version) and refuses someone else’s as not found', async () => {
    const scene = await created(alice);
    const edited = expectOk(
      e.updateScene,
      await call(t.app, e.updateScene, { id: scene.id, scene: content({ name: '看药盒二' }) }, alice.headers),
    );
    expect(edited).toMatchObject({ name: '看药盒二', version: 2 });
    expectError(
      await call(t.app, e.updateScene, { id: scene.id, scene: content({ name: '抢' }) }, bob.headers),
      404,
      'scene_not_found',
    );
    expectError(await call(t.app, e.deleteScene, { id: scene.id }, bob.headers), 404, 'scene_not_found');
    expectOk(e.deleteScene, await call(t.app, e.deleteScene, { id: scene.id }, alice.headers));
    expectError(await detail(alice, scene.id), 404, 'scene_not_found');
  });

  it('checks the fields: prompt length, interval only for automatic scenes, at least 5 s', async () => {
    const bad = (over: Partial<SceneContent>) => call(t.app, e.createScene, content(over), alice.headers);
    expectError(await bad({ prompt: '问'.repeat(501) }), 400, 'scene_prompt_too_long');
    expectError(await bad({ name: '   ' }), 400, 'scene_name_required');
    expectError(await bad({ behaviour: 'auto', intervalSeconds: null }), 400, 'scene_interval_invalid');
    expectError(await bad({ behaviour: 'auto', intervalSeconds: 4 }), 400, 'scene_interval_invalid');
    expectError(await bad({ behaviour: 'tap', intervalSeconds: 10 }), 400, 'scene_interval_invalid');
    expectError(await bad({ icon: 'bomb' as never }), 400, 'scene_icon_invalid');
  });

  it('keeps names as plain text, exactly as typed', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const scene = await created(alice, { name, description: '<script>alert(2)</script>' });
    expect(scene.name).toBe(name);
    expect(scene.description).toBe('<script>alert(2)</script>');
  });
});

describe('review', () => {
  it('a public scene is invisible to others until approved, then found; the decision is audited', async () => {
    const scene = await created(alice, { name: '找公交站牌', visibility: 'public', submit: true });
    expect(scene.status).toBe('pending');
    expectError(await detail(bob, scene.id), 404, 'scene_not_found');

    const queue = expectOk(a.adminScenes, await call(t.app, a.adminScenes, {}, admin.headers));
    const queued = queue.items.find((s) => s.id === scene.id);
    expect(queued).toMatchObject({ prompt: scene.prompt, authorPhone: expect.stringContaining('****') });

    expectOk(a.approveScene, await decide(a.approveScene, { id: scene.id }));
    expect(expectOk(e.marketScene, await detail(bob, scene.id))).toMatchObject({
      name: '找公交站牌',
      mine: false,
      status: 'approved',
    });
    // a second approval of the same version is refused: nothing is pending
    expectError(await decide(a.approveScene, { id: scene.id }), 409, 'scene_not_reviewable');

    const audit = expectOk(
      adminEndpoints.audit,
      await call(t.app, adminEndpoints.audit, { targetType: 'scene', targetId: scene.id }, admin.headers),
    );
    expect(audit.items.map((i) => i.action)).toEqual(['scene.approve']);
  });

  it('an edit of an approved scene waits for review while the approved version stays live', async () => {
    const scene = await created(alice, { name: '读快递单', visibility: 'public', submit: true });
    expectOk(a.approveScene, await decide(a.approveScene, { id: scene.id }));
    const edit = {
      id: scene.id,
      scene: content({ name: '读快递单新版', visibility: 'public', submit: true }),
    };
    expectOk(e.updateScene, await call(t.app, e.updateScene, edit, alice.headers));

    expect(expectOk(e.marketScene, await detail(alice, scene.id))).toMatchObject({
      name: '读快递单新版',
      status: 'pending',
      live: true,
      version: 2,
    });
    expect(expectOk(e.marketScene, await detail(bob, scene.id))).toMatchObject({
      name: '读快递单',
      version: 1,
    });

    // rejected: the author reads why, others still see the approved version
    expectError(await decide(a.rejectScene, { id: scene.id, reason: '' }), 400, 'reason_required');
    expectOk(a.rejectScene, await decide(a.rejectScene, { id: scene.id, reason: '描述不清楚' }));
    expect(expectOk(e.marketScene, await detail(alice, scene.id))).toMatchObject({
      status: 'rejected',
      rejectReason: '描述不清楚',
    });
    const seen = expectOk(e.marketScene, await detail(bob, scene.id));
    expect(seen).toMatchObject({ name: '读快递单', rejectReason: null, status: 'approved' });

    // submitted again and approved: the new version replaces the old one
    expectOk(e.updateScene, await call(t.app, e.updateScene, edit, alice.headers));
    expectOk(a.approveScene, await decide(a.approveScene, { id: scene.id }));
    expect(expectOk(e.marketScene, await detail(bob, scene.id))).toMatchObject({
      name: '读快递单新版',
      version: 3,
    });

    // unpublished: gone for others, the author reads the reason
    expectOk(a.unpublishScene, await decide(a.unpublishScene, { id: scene.id, reason: '有用户举报' }));
    expectError(await detail(bob, scene.id), 404, 'scene_not_found');
    expect(expectOk(e.marketScene, await detail(alice, scene.id))).toMatchObject({
      status: 'unpublished',
      rejectReason: '有用户举报',
      live: false,
    });
    expectError(await decide(a.unpublishScene, { id: scene.id, reason: '再下' }), 409, 'scene_not_live');
  });

  it('private scenes are not in the queue and cannot be decided on', async () => {
    const scene = await created(alice, { visibility: 'private', submit: true });
    expect(scene.status).toBe('draft');
    expectError(await decide(a.approveScene, { id: scene.id }), 404, 'scene_not_found');
  });

  it('runs the latest prompt on a sample photo as the question', async () => {
    const scene = await created(alice, {
      prompt: '这是什么颜色的衣服？',
      visibility: 'public',
      submit: true,
    });
    const result = expectOk(a.testScene, await decide(a.testScene, { id: scene.id, image: jpegBase64 }));
    expect(result.description).toContain('question');
    const engine = t.vision as FakeVisionEngine;
    expect(engine.requests.at(-1)).toMatchObject({ scenario: 'question', prompt: '这是什么颜色的衣服？' });
  });

  it('user reports reach the reviewer', async () => {
    const scene = await created(alice, { name: '被举报的', visibility: 'public', submit: true });
    expectOk(a.approveScene, await decide(a.approveScene, { id: scene.id }));
    expectOk(
      e.reportScene,
      await call(t.app, e.reportScene, { id: scene.id, reason: '内容不当' }, bob.headers),
    );
    const approved = expectOk(
      a.adminScenes,
      await call(t.app, a.adminScenes, { status: 'approved', q: '被举报' }, admin.headers),
    );
    expect(approved.items[0]).toMatchObject({ reports: 1, reportReasons: ['内容不当'] });
  });
});

describe('finding scenes', () => {
  let names: string[];
  beforeAll(async () => {
    names = ['超市价签朗读', '读超市小票', '超市货架', '公园导览'];
    for (const name of names) {
      const scene = await created(bob, {
        name,
        description: `${name}的简介`,
        visibility: 'public',
        submit: true,
      });
      expectOk(a.approveScene, await decide(a.approveScene, { id: scene.id }));
      t.clock.advance(1); // one publication a second: "newest" has an order to show
    }
  });

  it('searches by a Chinese substring of the name or description', async () => {
    const found = await listed(alice, { q: '超市' });
    expect(found.items.map((s) => s.name).sort()).toEqual(['超市价签朗读', '超市货架', '读超市小票'].sort());
    expect((await listed(alice, { q: '价签朗' })).items.map((s) => s.name)).toEqual(['超市价签朗读']);
    expect((await listed(alice, { q: '%' })).total).toBe(0); // a pattern letter is a letter
  });

  it('pages on the server without overlap, newest first', async () => {
    const first = await listed(alice, { q: '超市', sort: 'newest', pageSize: 2 });
    const second = await listed(alice, { q: '超市', sort: 'newest', pageSize: 2, page: 2 });
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(first.items.map((s) => s.name)).toEqual(['超市货架', '读超市小票']);
    expect(second.items.map((s) => s.name)).toEqual(['超市价签朗读']);
  });

  it('filters by category and lists mine with their review state', async () => {
    expect(
      (await listed(alice, { category: 'travel', pageSize: 50 })).items.every((s) => s.category === 'travel'),
    ).toBe(true);
    const mine = await listed(bob, { tab: 'mine', pageSize: 50 });
    expect(mine.items.every((s) => s.mine)).toBe(true);
    expect(mine.total).toBe(4);
    expectError(await list(alice, { tab: 'others' }), 400, 'market_query_invalid');
  });

  it('favourites: marked, counted once, listed, and removed', async () => {
    const [scene] = (await listed(alice, { q: '公园导览' })).items;
    if (!scene) throw new Error('seeded scene missing');
    const fav = (favourite: boolean) =>
      call(t.app, e.favouriteScene, { id: scene.id, favourite }, alice.headers);
    expectOk(e.favouriteScene, await fav(true));
    const twice = expectOk(e.favouriteScene, await fav(true));
    expect(twice).toMatchObject({ favourite: true, favourites: 1 });
    expect((await listed(alice, { tab: 'favourites' })).items.map((s) => s.id)).toEqual([scene.id]);
    expect(expectOk(e.favouriteScene, await fav(false))).toMatchObject({ favourite: false, favourites: 0 });
    expect((await listed(alice, { tab: 'favourites' })).total).toBe(0);
  });
});

describe('using a scene', () => {
  it('counts each visit once and meters its analyses through the points ledger', async () => {
    const [scene] = (await listed(alice, { q: '公交车号' })).items;
    if (!scene) throw new Error('official scene missing');
    const session = randomUUID();
    const use = (s: string) => call(t.app, e.useScene, { id: scene.id, session: s }, alice.headers);
    const first = expectOk(e.useScene, await use(session));
    expect(first).toEqual({ uses: scene.uses + 1, counted: true });
    expect(expectOk(e.useScene, await use(session))).toEqual({ uses: scene.uses + 1, counted: false });
    expect(expectOk(e.useScene, await use(randomUUID())).uses).toBe(scene.uses + 2);

    const before = expectOk(
      endpoints.pointsDetails,
      await call(t.app, endpoints.pointsDetails, undefined, alice.headers),
    );
    const analysis = { image: jpegBase64, scenario: 'question', prompt: scenePrompt(scene.prompt) };
    expectOk(endpoints.visionAnalyze, await call(t.app, endpoints.visionAnalyze, analysis, alice.headers));
    const after = expectOk(
      endpoints.pointsDetails,
      await call(t.app, endpoints.pointsDetails, undefined, alice.headers),
    );
    expect(after.totalPoints).toBeLessThan(before.totalPoints);
    expect((t.vision as FakeVisionEngine).requests.at(-1)).toMatchObject({ prompt: scene.prompt });
  });

  it('a scene the user may not see cannot be used, favourited or reported', async () => {
    const hidden = await created(alice);
    expectError(
      await call(t.app, e.useScene, { id: hidden.id, session: randomUUID() }, bob.headers),
      404,
      'scene_not_found',
    );
    expectError(
      await call(t.app, e.favouriteScene, { id: hidden.id, favourite: true }, bob.headers),
      404,
      'scene_not_found',
    );
    expectError(
      await call(t.app, e.reportScene, { id: hidden.id, reason: 'x' }, bob.headers),
      404,
      'scene_not_found',
    );
  });
});

describe('limits', () => {
  it(`refuses more than ${SCENES_PER_HOUR} new scenes an hour per user`, async () => {
    const carol = await registeredUser(t, '小卡');
    for (let i = 0; i < SCENES_PER_HOUR; i += 1) await created(carol, { name: `场景${i}` });
    expectError(await call(t.app, e.createScene, content(), carol.headers), 429, 'scene_create_limited');
    t.clock.advance(3601);
    const again = expectOk(
      endpoints.login,
      await call(t.app, endpoints.login, { phone: carol.phone, password: 'password123' }),
    );
    await created({ ...carol, headers: { token: again.token, userType: 'registered' } });
  });

  it('holds the limit for requests that come all at once (security review: 26 at once made 24)', async () => {
    const dave = await registeredUser(t, '小戴');
    const answers = await Promise.all(
      Array.from({ length: SCENES_PER_HOUR + 6 }, (_, i) =>
        call(t.app, e.createScene, content({ name: `并发${i}` }), dave.headers),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(SCENES_PER_HOUR);
    for (const refused of answers.filter((r) => r.status !== 200))
      expectError(refused, 429, 'scene_create_limited');
  });
});
