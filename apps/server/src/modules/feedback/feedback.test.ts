import { feedbackEndpoints as e } from '@sfm/protocol/feedback';
import { FEEDBACK_PHOTO } from '@sfm/protocol/user-photos';
import { endpoints } from '@sfm/protocol';
import { adminEndpoints } from '@sfm/protocol/admin';
import { feedbackAdminEndpoints as a } from '@sfm/protocol/feedback-admin';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser, signedInAdmin, type TestAdmin } from '../../../test/harness/admin-harness.ts';
import {
  auth,
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import { FEEDBACK_PHOTOS_PER_DAY } from './service.ts';

let t: TestApp;
let operator: TestAdmin;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInAdmin(t, 'operator');
});
afterAll(() => t.close());

const send = (headers: Record<string, string>, text: string, contactConsent = false) =>
  call(t.app, e.sendFeedback, { category: 'suggestion', text, contactConsent }, headers);

describe('contact us: feedback and its answer', () => {
  it('reaches the back office’s queue and the answer reaches the user, audited', async () => {
    const user = await registeredUser(t);
    const sent = expectOk(e.sendFeedback, await send(user.headers, '  Please add a larger font  ', true));
    expect(sent).toMatchObject({ text: 'Please add a larger font', reply: null, repliedAt: null });

    const queue = expectOk(a.adminFeedback, await call(t.app, a.adminFeedback, {}, operator.headers));
    // consent given: the operator may call back, so the phone is shown whole
    expect(queue.items).toContainEqual(expect.objectContaining({ id: sent.id, phone: user.phone }));

    const answered = expectOk(
      a.replyFeedback,
      await call(
        t.app,
        a.replyFeedback,
        { id: sent.id, reply: 'Done in the next version' },
        operator.headers,
      ),
    );
    expect(answered.reply).toBe('Done in the next version');
    const mine = expectOk(e.myFeedback, await call(t.app, e.myFeedback, undefined, user.headers));
    expect(mine.items).toEqual([expect.objectContaining({ id: sent.id, reply: 'Done in the next version' })]);
    expect(mine.items[0]!.repliedAt).not.toBeNull();

    const open = expectOk(a.adminFeedback, await call(t.app, a.adminFeedback, {}, operator.headers));
    expect(open.items.map((f) => f.id)).not.toContain(sent.id);
    const done = expectOk(
      a.adminFeedback,
      await call(t.app, a.adminFeedback, { status: 'answered' }, operator.headers),
    );
    expect(done.items.map((f) => f.id)).toContain(sent.id);

    const audit = expectOk(
      adminEndpoints.audit,
      await call(t.app, adminEndpoints.audit, { action: 'feedback.reply' }, operator.headers),
    );
    expect(audit.items[0]).toMatchObject({ targetType: 'feedback', targetId: sent.id });
  });

  it('masks the phone without consent, and each user sees only their own', async () => {
    const one = await registeredUser(t);
    const other = await registeredUser(t);
    const sent = expectOk(e.sendFeedback, await send(one.headers, 'private'));
    const queue = expectOk(a.adminFeedback, await call(t.app, a.adminFeedback, {}, operator.headers));
    expect(queue.items.find((f) => f.id === sent.id)?.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(expectOk(e.myFeedback, await call(t.app, e.myFeedback, undefined, other.headers)).items).toEqual(
      [],
    );
  });

  it('carries an optional photo that its sender and the back office see, through a signed URL', async () => {
    const user = await registeredUser(t);
    const photo = (
      await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#246' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const sent = expectOk(
      e.sendFeedback,
      await call(
        t.app,
        e.sendFeedback,
        { category: 'problem', text: 'The button is hidden', contactConsent: false, photo },
        user.headers,
      ),
    );
    expect(sent).not.toHaveProperty('photo');
    const queue = expectOk(a.adminFeedback, await call(t.app, a.adminFeedback, {}, operator.headers));
    const { photoUrl } = queue.items.find((f) => f.id === sent.id)!;
    const served = await t.app.inject({ method: 'GET', url: photoUrl! });
    expect(served.headers['content-type']).toBe('image/jpeg');
    // downsized to the feedback photo's size, whatever was sent
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: FEEDBACK_PHOTO.maxSide });
    // feedback without a photo has none
    expect(queue.items.filter((f) => f.id !== sent.id).map((f) => f.photoUrl)).not.toContain(
      expect.any(String),
    );
    // the sender finds it in their own list, served the same way
    expect(sent.photoUrl).toEqual(expect.any(String));
    const mine = expectOk(e.myFeedback, await call(t.app, e.myFeedback, undefined, user.headers));
    const own = mine.items.find((f) => f.id === sent.id)?.photoUrl;
    expect((await t.app.inject({ method: 'GET', url: own! })).headers['content-type']).toBe('image/jpeg');

    const bad = Buffer.from('GIF89a not really').toString('base64');
    expectError(
      await call(
        t.app,
        e.sendFeedback,
        { category: 'problem', text: 'x', contactConsent: false, photo: bad },
        user.headers,
      ),
      400,
      'image_invalid',
    );
  });

  it('refuses empty text, users on the admin side, and unknown feedback', async () => {
    const user = await registeredUser(t);
    expectError(await send(user.headers, '   '), 400, 'feedback_empty');
    expect((await call(t.app, a.adminFeedback, {}, user.headers)).status).toBe(401);
    expectError(
      await call(
        t.app,
        a.replyFeedback,
        { id: '00000000-0000-4000-8000-000000000000', reply: 'x' },
        operator.headers,
      ),
      404,
      'feedback_not_found',
    );
  });

  it('limits feedback to a few a minute, and photos to FEEDBACK_PHOTOS_PER_DAY a day, before storing any', async () => {
    const user = await registeredUser(t);
    for (let i = 0; i < 3; i++) expectOk(e.sendFeedback, await send(user.headers, `第${i}条`));
    const fourth = await send(user.headers, '第4条');
    expectError(fourth, 429, 'rate_limited');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);

    const photo = (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const withPhoto = () =>
      call(
        t.app,
        e.sendFeedback,
        { category: 'problem', text: '截图', contactConsent: false, photo },
        user.headers,
      );
    for (let i = 0; i < FEEDBACK_PHOTOS_PER_DAY; i++) {
      t.clock.advance(61);
      expectOk(e.sendFeedback, await withPhoto());
    }
    t.clock.advance(61);
    expectError(await withPhoto(), 429, 'rate_limited');
    // without a photo it still goes through; a day later photos do again
    expectOk(e.sendFeedback, await send(user.headers, '没有照片'));
    t.clock.advance(24 * 3600);
    const again = expectOk(
      endpoints.login,
      await call(t.app, endpoints.login, { phone: user.phone, password: 'password123' }),
    );
    const photoNextDay = await call(
      t.app,
      e.sendFeedback,
      { category: 'problem', text: '第二天', contactConsent: false, photo },
      auth(again.token),
    );
    expectOk(e.sendFeedback, photoNextDay);
  });
});
