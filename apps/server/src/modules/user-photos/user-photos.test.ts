import { existsSync } from 'node:fs';
import path from 'node:path';
import { avatarEndpoints as e, USER_PHOTO_MAX_BYTES } from '@sfm/protocol/user-photos';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser } from '../../../test/harness/admin-harness.ts';
import {
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { imageUrlTtlSeconds: 600 } });
});
afterAll(() => t.close());

const photo = async (format: 'jpeg' | 'png' | 'webp', width = 640, height = 480) =>
  (
    await sharp({ create: { width, height, channels: 3, background: '#3a6' } })
      .toFormat(format)
      .toBuffer()
  ).toString('base64');

const open = (url: string) => t.app.inject({ method: 'GET', url });
/** The stored file of a signed URL: user-photos/<owner>/<id>.jpg under DATA_DIR/images. */
const fileOf = (url: string) => {
  const [, owner, id] = /\/api\/user-photos\/([^/]+)\/([^?]+)\?/.exec(url) ?? [];
  return path.join(t.dataDir, 'images', 'user-photos', owner!, `${id!}.jpg`);
};

describe('avatar', () => {
  it('none at first; an upload is stored downsized as JPEG and served with its type', async () => {
    const user = await registeredUser(t);
    expect(expectOk(e.myAvatar, await call(t.app, e.myAvatar, undefined, user.headers))).toEqual({
      url: null,
    });

    const set = expectOk(
      e.setMyAvatar,
      await call(t.app, e.setMyAvatar, { image: await photo('png') }, user.headers),
    );
    const served = await open(set.url!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256 });
    expect(expectOk(e.myAvatar, await call(t.app, e.myAvatar, undefined, user.headers)).url).toMatch(
      /^\/api\/user-photos\//,
    );
  });

  it('a new avatar replaces the old one and deletes its file; remove deletes the last', async () => {
    const user = await registeredUser(t);
    const first = expectOk(
      e.setMyAvatar,
      await call(t.app, e.setMyAvatar, { image: await photo('jpeg') }, user.headers),
    );
    expect(existsSync(fileOf(first.url!))).toBe(true);
    const second = expectOk(
      e.setMyAvatar,
      await call(t.app, e.setMyAvatar, { image: await photo('webp') }, user.headers),
    );
    expect(existsSync(fileOf(first.url!))).toBe(false);
    expect((await open(first.url!)).statusCode).toBe(404);
    expect((await open(second.url!)).statusCode).toBe(200);

    expect(expectOk(e.removeMyAvatar, await call(t.app, e.removeMyAvatar, undefined, user.headers))).toEqual({
      url: null,
    });
    expect(existsSync(fileOf(second.url!))).toBe(false);
    expect(expectOk(e.myAvatar, await call(t.app, e.myAvatar, undefined, user.headers))).toEqual({
      url: null,
    });
  });

  it('refuses what is not a JPEG, PNG or WebP, and what is too large', async () => {
    const user = await registeredUser(t);
    const gif = (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .gif()
        .toBuffer()
    ).toString('base64');
    expectError(await call(t.app, e.setMyAvatar, { image: gif }, user.headers), 400, 'image_invalid');
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    expectError(await call(t.app, e.setMyAvatar, { image: text }, user.headers), 400, 'image_invalid');
    const huge = Buffer.alloc(USER_PHOTO_MAX_BYTES + 1024, 0xff).toString('base64');
    expectError(await call(t.app, e.setMyAvatar, { image: huge }, user.headers), 413, 'image_too_large');
    expect(expectOk(e.myAvatar, await call(t.app, e.myAvatar, undefined, user.headers))).toEqual({
      url: null,
    });
  });

  it('needs a signed-in user; a URL opens only as signed and until it expires', async () => {
    expect((await call(t.app, e.setMyAvatar, { image: await photo('jpeg') })).status).toBe(401);
    const user = await registeredUser(t);
    const { url } = expectOk(
      e.setMyAvatar,
      await call(t.app, e.setMyAvatar, { image: await photo('jpeg') }, user.headers),
    );
    expect((await open(url!.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(404);
    expect((await open(url!.split('?')[0]!)).statusCode).toBe(404);
    t.clock.advance(601);
    expect((await open(url!)).statusCode).toBe(404);
  });
});
