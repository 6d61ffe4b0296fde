import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { userProtocol } from '@sfm/protocol/gathered';
import { adminProtocol } from '@sfm/protocol/gathered-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser, signedInAdmin } from '../harness/admin-harness.ts';
import { createTestApp, type TestApp } from '../harness/app-harness.ts';

/**
 * The routes that serve files by a name taken from the URL: every path constant of the protocol
 * with a `:param` (analysed images, user photos, APK downloads, …), found by shape so that a new
 * file route is covered without being listed here.
 */
const fileRoutes = [
  ...new Set(
    [...Object.entries(userProtocol), ...Object.entries(adminProtocol)]
      .filter(([name, value]) => name.endsWith('_PATH') && typeof value === 'string')
      .map(([, value]) => value as string)
      .filter((value) => value.startsWith('/api/') && value.includes('/:')),
  ),
];

const CANARY = 'CANARY-7f3a-not-for-the-web';

/** One path segment each, as a client could put it on the wire. */
const TRAVERSALS = [
  '..',
  '%2e%2e',
  '.%2e',
  '..%2f..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%252e%252e%252f%252e%252e%252fetc%252fpasswd',
  '..%5c..%5c..%5cwindows%5cwin.ini',
  '%2fetc%2fpasswd',
  '%2f%2f%2fetc%2fpasswd',
  'C:%5cWindows%5cwin.ini',
  'x%00.jpg',
  '%00',
  '..%00',
  '%c0%ae%c0%ae%c0%af',
  '..%2fcanary.txt',
  '..%2f..%2fcanary.txt',
];

let t: TestApp;
let headers: Record<string, Record<string, string>>;
let dataDirName: string;

beforeAll(async () => {
  t = await createTestApp();
  dataDirName = path.basename(t.dataDir);
  // a file where a traversal out of the stored images, photos or web app would land
  await writeFile(path.join(t.dataDir, 'canary.txt'), CANARY);
  headers = {
    nobody: {},
    user: (await registeredUser(t)).headers,
    admin: (await signedInAdmin(t)).headers,
  };
});
afterAll(() => t?.close());

function leaked(body: string): string | null {
  if (body.includes(CANARY)) return 'the canary file';
  if (/root:.*:0:0:/.test(body)) return '/etc/passwd';
  if (/\[fonts\]|\[extensions\]/i.test(body)) return 'win.ini';
  return null;
}

describe('path traversal on every file-serving route', () => {
  it('finds the file routes of the protocol', () => {
    expect(fileRoutes).toEqual(
      expect.arrayContaining([
        userProtocol.VISION_IMAGE_PATH,
        userProtocol.VERSION_APK_PATH,
        userProtocol.USER_PHOTO_PATH,
      ]),
    );
  });

  for (const route of fileRoutes) {
    it(`${route}: every param refuses a way out with a 4xx, and nothing outside is served`, async () => {
      const params = route.split('/').filter((s) => s.startsWith(':'));
      for (const param of params) {
        for (const traversal of TRAVERSALS) {
          const url = params.reduce(
            (u, p) => u.replace(p, p === param ? traversal : '00000000-0000-4000-8000-000000000000'),
            route,
          );
          for (const [who, h] of Object.entries(headers)) {
            const res = await t.app.inject({ method: 'GET', url, headers: h });
            const where = `${who} GET ${url} → ${res.statusCode}`;
            expect(leaked(res.body), where).toBeNull();
            expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, where).toBeLessThan(500);
          }
        }
      }
    });
  }

  it('the web app (static files) serves nothing from outside its folder', async () => {
    const urls = [
      ...TRAVERSALS.map((s) => `/${s}`),
      ...TRAVERSALS.map((s) => `/assets/${s}`),
      `/assets/..%2f..%2f${dataDirName}%2fcanary.txt`,
      `/%2e%2e/${dataDirName}/canary.txt`,
      `/..%2f${dataDirName}%2fcanary.txt`,
      `/assets/%2e%2e%2f%2e%2e%2f${dataDirName}%2fcanary.txt`,
      '/assets/index-abc123.js%00.png',
      '/index.html%00',
      '//etc/passwd',
      '/\\..\\..\\etc\\passwd',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      const where = `GET ${url} → ${res.statusCode}`;
      expect(leaked(res.body), where).toBeNull();
      expect(res.statusCode, where).toBeLessThan(500);
      // a 200 is the app's own page (client-side routes fall back to it), never another file
      if (res.statusCode === 200) expect(res.body, where).toContain('<div id="root">');
    }
  });
});
