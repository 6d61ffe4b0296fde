import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { USER_FEATURES } from '../src/app/features.ts';
import { manifestPages, pathTables } from './route-preloads.ts';

const srcDir = path.join(import.meta.dirname, '../src');
const featuresDir = path.join(srcDir, 'features');
const tables = pathTables(srcDir);

describe("the build's table of each route's page", () => {
  it('reads a route and its lazily loaded page from a manifest', () => {
    const code = `const form = lazyPage(() => import('./form-page.tsx'));
    export const m = { routes: [
      { path: marketPaths.sceneAdd, page: form },
      { path: routes.seeForMe, page: lazyPage(() => import('./see-for-me-page.tsx').then((m) => m.Page)) },
      { path: '/plain', page: lazyPage(() => import('./plain-page.tsx')) },
      { path: marketPaths.use, page: lazyPage(() => import('./use-page.tsx')) },
      { path: routes.notARoute, page: lazyPage(() => import('./lost-page.tsx')) },
    ] };`;
    expect(manifestPages(code, tables)).toEqual([
      { path: '/market/scene/add', source: './form-page.tsx' },
      { path: '/see-for-me', source: './see-for-me-page.tsx' },
      { path: '/plain', source: './plain-page.tsx' },
    ]);
  });

  it('finds the page of every user route with a fixed path', () => {
    const found = readdirSync(featuresDir).flatMap((feature) => {
      const file = path.join(featuresDir, feature, 'manifest.ts');
      try {
        return manifestPages(readFileSync(file, 'utf8'), tables).map((p) => p.path);
      } catch {
        return []; // a feature without a manifest of its own
      }
    });
    const fixed = USER_FEATURES.flatMap((f) => f.routes.map((r) => r.path)).filter((p) => !p.includes(':'));
    expect([...found].sort()).toEqual([...fixed].sort());
  });
});
