import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, noChromiumReason } from './support/browser.ts';
import { callerContext, callStatus as status, callVolunteers, received, standBy } from './support/calls.ts';
import { hasFfmpeg, launchWithCamera, makeTextImage } from './support/camera.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** The machine's own PostgreSQL and Redis (.ci/run sets both when they answer). */
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const redisUrl = process.env.TEST_REDIS_URL || undefined;
const skipReason = !hasChromium
  ? noChromiumReason
  : !hasFfmpeg
    ? 'skipped: ffmpeg is not installed'
    : !databaseUrl || !redisUrl
      ? 'skipped: TEST_DATABASE_URL and TEST_REDIS_URL are needed'
      : '';

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(skipReason !== '')(
  `a video call across two server processes${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    const name = `sfm_e2e_calls_${randomBytes(4).toString('hex')}`;
    const servers: RunningServer[] = [];
    const contexts: BrowserContext[] = [];
    let browser: Browser;

    beforeAll(async () => {
      await onServer(`CREATE DATABASE ${name}`);
      const url = new URL(databaseUrl ?? '');
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl ?? '' };
      browser = await launchWithCamera(await makeTextImage(['两个节点', 'TWO NODES'], 'call-nodes.png'));
      // one after the other: the first applies the migrations
      servers.push(await startServer(env));
      servers.push(await startServer(env));
    });
    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
      for (const server of servers) await server.stop();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    async function personOn(server: RunningServer, nickname: string, userType: 0 | 1): Promise<Page> {
      const context = await callerContext(browser, server, nickname, userType);
      contexts.push(context);
      return context.newPage();
    }

    it('connects a seeker on one node with a volunteer on the other: the volunteer decodes the rear camera', async () => {
      const [a, b] = servers as [RunningServer, RunningServer];
      const volunteer = await personOn(b, '节点乙志愿者', 1);
      const seeker = await personOn(a, '节点甲求助者', 0);

      await standBy(volunteer);

      await callVolunteers(seeker);
      await volunteer.getByRole('button', { name: '接听', exact: true }).click();
      await status(seeker).filter({ hasText: '已接通志愿者 节点乙志愿者' }).waitFor();
      await expect
        .poll(async () => (await received(volunteer)).frames, { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(async () => (await received(seeker)).audioPackets, { timeout: 15_000 })
        .toBeGreaterThan(0);

      await seeker.getByRole('button', { name: '挂断' }).click();
      await status(volunteer).filter({ hasText: '通话已结束' }).waitFor({ timeout: 5_000 });
    });
  },
);
