import { describe, expect, it } from 'vitest';
import { reachableFiles, type ChunkNode } from './precache-scope.ts';

const chunk = (fileName: string, over: Partial<ChunkNode> = {}): ChunkNode => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  css: [],
  ...over,
});

describe('reachableFiles', () => {
  it('keeps what the app loads and leaves out what only the left-out lazy pages load', () => {
    const chunks = [
      chunk('index.js', {
        isEntry: true,
        imports: ['react.js'],
        dynamicImports: ['see-for-me.js', 'admin-users.js'],
        css: ['index.css'],
      }),
      chunk('react.js'),
      chunk('see-for-me.js', {
        facadeModuleId: '/src/features/see-for-me/page.tsx',
        imports: ['shared.js'],
        css: ['sfm.css'],
      }),
      chunk('admin-users.js', {
        facadeModuleId: '/src/features/admin/users-page.tsx',
        imports: ['shared.js', 'antd.js'],
        dynamicImports: ['echarts.js'],
        css: ['admin.css'],
      }),
      chunk('shared.js'),
      chunk('antd.js'),
      chunk('echarts.js'),
    ];
    const reached = reachableFiles(chunks, new Set(['/src/features/admin/users-page.tsx']));
    expect([...reached].sort()).toEqual([
      'index.css',
      'index.js',
      'react.js',
      'see-for-me.js',
      'sfm.css',
      'shared.js',
    ]);
  });
});
