import { describe, expect, it } from 'vitest';
import { chunksFromManifest, gzipSize, initialLoad, moduleGroup, type ChunkInfo } from './bundle-report.ts';

const chunk = (fileName: string, over: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  code: `/* ${fileName} */ export const x = ${JSON.stringify(fileName.repeat(20))};`,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  modules: {},
  ...over,
});

describe('moduleGroup', () => {
  it.each([
    ['/repo/node_modules/react-dom/cjs/react-dom.production.js', 'react-dom'],
    ['/repo/node_modules/@socket.io/component-emitter/lib/esm/index.js', '@socket.io/component-emitter'],
    ['/repo/node_modules/.pnpm/x/node_modules/zod/v4/core/core.js', 'zod'],
    ['/repo/packages/protocol/src/user.ts', '@sfm/protocol'],
    ['/repo/apps/web/src/app/app.tsx', 'app/app.tsx'],
    ['\0vite/preload-helper.js', 'vite/preload-helper.js'],
  ])('%s → %s', (id, group) => {
    expect(moduleGroup(id)).toBe(group);
  });
});

describe('initialLoad', () => {
  it("counts the entry, the page's chunk and what they import, not the other pages", () => {
    const chunks = [
      chunk('index.js', {
        isEntry: true,
        imports: ['react.js'],
        modules: {
          '/r/node_modules/react-dom/x.js': { renderedLength: 300 },
          '/r/apps/web/src/main.tsx': { renderedLength: 100 },
        },
      }),
      chunk('react.js'),
      chunk('page.js', {
        facadeModuleId: '/r/apps/web/src/features/see-for-me/see-for-me-page.tsx',
        imports: ['shared.js', 'react.js'],
      }),
      chunk('shared.js'),
      chunk('other-page.js', { facadeModuleId: '/r/apps/web/src/features/login/login-page.tsx' }),
    ];
    const load = initialLoad(chunks, 'see-for-me-page.tsx');
    expect(load.chunks.map((c) => c.fileName).sort()).toEqual([
      'index.js',
      'page.js',
      'react.js',
      'shared.js',
    ]);
    const expected = ['index.js', 'page.js', 'react.js', 'shared.js'].reduce(
      (sum, name) => sum + gzipSize(chunks.find((c) => c.fileName === name)!.code),
      0,
    );
    expect(load.gzipBytes).toBe(expected);
    expect(load.modules.map((m) => m.name)).toEqual(['react-dom', 'main.tsx']);
  });

  it('says so when no chunk is the page', () => {
    expect(() => initialLoad([chunk('index.js', { isEntry: true })], 'nope.tsx')).toThrow(/nope\.tsx/);
  });
});

describe('chunksFromManifest', () => {
  it("reads Vite's manifest: entries, pages by their source, static imports by file; no CSS", () => {
    const manifest = {
      'index.html': { file: 'assets/index-a.js', src: 'index.html', isEntry: true, imports: ['_react-b.js'] },
      '_react-b.js': { file: 'assets/react-b.js' },
      'src/features/see-for-me/see-for-me-page.tsx': {
        file: 'assets/see-for-me-page-c.js',
        src: 'src/features/see-for-me/see-for-me-page.tsx',
        imports: ['_react-b.js'],
      },
      'style.css': { file: 'assets/index-d.css', src: 'style.css' },
    };
    const chunks = chunksFromManifest(manifest, (file) => `/* ${file} */`);
    expect(chunks.map((c) => [c.fileName, c.isEntry, c.imports])).toEqual([
      ['assets/index-a.js', true, ['assets/react-b.js']],
      ['assets/react-b.js', false, []],
      ['assets/see-for-me-page-c.js', false, ['assets/react-b.js']],
    ]);
    const load = initialLoad(chunks, 'see-for-me-page.tsx');
    expect(load.chunks.map((c) => c.fileName).sort()).toEqual([
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/see-for-me-page-c.js',
    ]);
  });
});
