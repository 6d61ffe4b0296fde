import { endpoints } from '@sfm/protocol/gathered';
import { marketEndpoints } from '@sfm/protocol/market';
import { DEFAULT_POINTS_RULES } from '@sfm/protocol/points';
import { sceneAdminEndpoints } from '@sfm/protocol/market-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { REFRESH_REUSE_GRACE_MS } from '../src/modules/auth/service.ts';
import { createPointsEconomy } from '../src/modules/points/points-economy.ts';
import { registeredUser, signedInAdmin } from './harness/admin-harness.ts';
import { call, expectError, expectOk, JWT_SECRET } from './harness/app-harness.ts';
import { createTestDatabase, type TestDatabase } from './harness/databases.ts';
import { testPhoto } from './fixtures/test-photo.ts';
import { startTwoNodes, stopNodes, type TestNode } from './harness/two-nodes.ts';

const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const redisUrl = process.env.TEST_REDIS_URL || undefined;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean);
/** Low enough to reach in a test, high enough for the accounts this file registers from 127.0.0.1. */
const LOGIN_LIMIT = 20;

describe.skipIf(missing.length > 0)(
  `two server nodes on the machine's PostgreSQL and Redis behave as one${missing.length ? ` (skipped: ${missing.join(' and ')} not set)` : ''}`,
  () => {
    let database: TestDatabase;
    let a: TestNode;
    let b: TestNode;
    beforeAll(async () => {
      database = await createTestDatabase('external');
      [a, b] = (await startTwoNodes(database, redisUrl ?? '', {
        loginRateLimitPerMinute: LOGIN_LIMIT,
      })) as [TestNode, TestNode];
    });
    afterAll(async () => {
      await stopNodes([a, b].filter(Boolean));
      await database?.drop();
    });

    it('a session made on A works on B, and a refresh rotated on A is spent on B', async () => {
      const user = await registeredUser(a.app);
      expectOk(endpoints.me, await call(b.app.app, endpoints.me, undefined, user.headers));
      const rotated = expectOk(
        endpoints.refreshToken,
        await call(a.app.app, endpoints.refreshToken, { refreshToken: user.refreshToken }),
      );
      expectOk(
        endpoints.me,
        await call(b.app.app, endpoints.me, undefined, { ...user.headers, token: rotated.token }),
      );
      // the rotated-away token, presented after the reuse grace, is refused on the other node (its
      // replay revokes the whole family)
      // both nodes' clocks move together: a later test counts on their minutes being the same
      for (const node of [a, b]) node.app.clock.advance(REFRESH_REUSE_GRACE_MS / 1000 + 1);
      const replayed = await call(b.app.app, endpoints.refreshToken, { refreshToken: user.refreshToken });
      expect(replayed.status).toBe(401);
      expect(
        (await call(a.app.app, endpoints.refreshToken, { refreshToken: rotated.refreshToken })).status,
      ).toBe(401);
    });

    it('login attempts are counted across both nodes', async () => {
      const attempt = (node: TestNode) =>
        node.app.app.inject({
          method: 'POST',
          url: endpoints.login.path,
          // one client of its own, so the accounts the other tests register do not count
          remoteAddress: '203.0.113.7',
          payload: { phone: '13400000001', password: 'not-the-password' },
        });
      for (let i = 0; i < LOGIN_LIMIT; i++) {
        const res = await attempt(i % 2 === 0 ? a : b);
        expect(res.statusCode, res.body).not.toBe(429);
      }
      for (const node of [a, b]) expect((await attempt(node)).statusCode).toBe(429);
    });

    it('concurrent spends split across the nodes never overdraw, and the balance adds up', async () => {
      const user = await registeredUser(a.app);
      const balance = async (node: TestNode) =>
        expectOk(
          endpoints.pointsDetails,
          await call(node.app.app, endpoints.pointsDetails, undefined, user.headers),
        ).totalPoints;
      // leave the account a few points, through the ledger as any other spend would
      const left = 5;
      const { ledger } = createPointsEconomy({
        db: database.db,
        clock: a.app.clock.now,
        logger: createLogger('silent'),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        secret: JWT_SECRET,
      });
      await ledger.spend(user.user.id, (await balance(a)) - left, {
        type: 'consume',
        scene: 'text',
        remark: null,
        key: 'scale-out-drain',
      });
      expect(await balance(b)).toBe(left);

      const image = (await testPhoto(64, 48, '#446688').jpeg().toBuffer()).toString('base64');
      const cost = DEFAULT_POINTS_RULES.costs.vision;
      const attempts = 12;
      const answers = await Promise.all(
        Array.from({ length: attempts }, (_, i) =>
          call(
            (i % 2 === 0 ? a : b).app.app,
            endpoints.visionAnalyze,
            // each its own question: a repeated answer is not charged (modules/vision/recent-answers.ts)
            { image, scenario: 'observe', prompt: `问题 ${i}` },
            user.headers,
          ),
        ),
      );
      const paid = answers.filter((r) => r.status === 200).length;
      for (const res of answers.filter((r) => r.status !== 200)) expectError(res, 402, 'points_insufficient');
      expect(paid).toBe(Math.floor(left / cost));
      expect(await balance(a)).toBe(left - paid * cost);
      expect(await balance(b)).toBe(left - paid * cost);
    });

    it('a scene made on A is found on B once approved there', async () => {
      const author = await registeredUser(a.app, '甲节点作者');
      const reader = await registeredUser(b.app);
      const name = '找电梯按钮';
      const scene = expectOk(
        marketEndpoints.createScene,
        await call(
          a.app.app,
          marketEndpoints.createScene,
          {
            name,
            description: '读出电梯按钮',
            prompt: '请读出电梯按钮上的楼层',
            behaviour: 'tap',
            intervalSeconds: null,
            category: 'home',
            icon: 'medicine',
            visibility: 'public',
            submit: true,
          },
          author.headers,
        ),
      );
      expect(
        expectOk(
          marketEndpoints.marketScene,
          await call(b.app.app, marketEndpoints.marketScene, { id: scene.id }, author.headers),
        ),
      ).toMatchObject({ name, mine: true });
      const admin = await signedInAdmin(b.app);
      expectOk(
        sceneAdminEndpoints.approveScene,
        await call(b.app.app, sceneAdminEndpoints.approveScene, { id: scene.id }, admin.headers),
      );
      const found = expectOk(
        marketEndpoints.marketScenes,
        await call(b.app.app, marketEndpoints.marketScenes, { q: name }, reader.headers),
      );
      expect(found.items.map((s) => s.id)).toContain(scene.id);
    });
  },
);
