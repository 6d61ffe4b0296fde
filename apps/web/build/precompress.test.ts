import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir, PRECOMPRESS_MIN_BYTES } from './precompress.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy beside each text file big enough to gain, in every folder', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sfm-precompress-'));
    mkdirSync(path.join(dir, 'assets/audio'), { recursive: true });
    const script = `console.log(${JSON.stringify('帮我看看 '.repeat(PRECOMPRESS_MIN_BYTES))});`;
    writeFileSync(path.join(dir, 'index.html'), `<html>${'<p>帮我看看</p>'.repeat(200)}</html>`);
    writeFileSync(path.join(dir, 'assets/index-abc.js'), script);
    writeFileSync(path.join(dir, 'assets/tiny-abc.js'), 'export {};');
    writeFileSync(path.join(dir, 'assets/audio/dong.mp3'), Buffer.alloc(4 * PRECOMPRESS_MIN_BYTES));

    const done = await precompressDir(dir);
    expect(done.sort()).toEqual([path.join('assets', 'index-abc.js'), 'index.html']);
    const js = path.join(dir, 'assets/index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString('utf8')).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString('utf8')).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 4);
    expect(existsSync(path.join(dir, 'assets/tiny-abc.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets/audio/dong.mp3.br'))).toBe(false);
  });
});
