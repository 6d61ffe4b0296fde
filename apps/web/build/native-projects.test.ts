import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { zhCN } from '../src/i18n/zh-CN.ts';

const web = resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(resolve(web, file), 'utf8');
const run = promisify(execFile);

/**
 * What can be checked of the native shells without the Android SDK or Xcode: the Capacitor config,
 * `npm run native:sync` (build the native web app, copy it into both projects), and the permissions
 * the Android manifest and the iOS Info.plist declare, with the spec's rationale words (§6).
 */
describe('the native projects (Capacitor)', () => {
  it('has a valid config: the app id and name, and the native build as the web assets', async () => {
    const { stdout } = await run('npx', ['cap', 'config', '--json'], { cwd: web });
    const config = JSON.parse(stdout) as { app: { appId: string; appName: string; webDir: string } };
    expect(config.app).toMatchObject({ appId: 'com.seeforme.app', appName: '帮我看看' });
    expect(config.app.webDir).toMatch(/native\/dist$/);
  });

  it('syncs: the native build is copied into android/ and ios/', { timeout: 180_000 }, async () => {
    const { stdout } = await run('npm', ['run', 'native:sync'], { cwd: web, maxBuffer: 16 * 1024 * 1024 });
    expect(stdout).toContain('Sync finished');
    for (const copied of ['android/app/src/main/assets/public/index.html', 'ios/App/App/public/index.html']) {
      expect(read(copied)).toContain('<div id="root">');
    }
    expect(read('android/app/src/main/assets/capacitor.config.json')).toContain(
      '"appId": "com.seeforme.app"',
    );
  });

  it('declares camera, microphone, media and notification permissions, with the spec’s rationales', () => {
    const manifest = read('android/app/src/main/AndroidManifest.xml');
    for (const permission of [
      'CAMERA',
      'RECORD_AUDIO',
      'READ_MEDIA_IMAGES',
      'WRITE_EXTERNAL_STORAGE',
      'POST_NOTIFICATIONS',
    ]) {
      expect(manifest).toContain(`<uses-permission android:name="android.permission.${permission}"`);
    }
    const strings = read('android/app/src/main/res/values/strings.xml');
    const plist = read('ios/App/App/Info.plist');
    const { cameraTitle, cameraMessage, microphoneTitle, microphoneMessage } = zhCN.permission;
    expect(strings).toContain(`<string name="camera_permission_title">${cameraTitle}</string>`);
    expect(strings).toContain(`<string name="camera_permission_rationale">${cameraMessage}</string>`);
    expect(strings).toContain(`<string name="microphone_permission_title">${microphoneTitle}</string>`);
    expect(strings).toContain(`<string name="microphone_permission_rationale">${microphoneMessage}</string>`);
    expect(plist).toContain(`<key>NSCameraUsageDescription</key>\n\t<string>${cameraMessage}</string>`);
    expect(plist).toContain(
      `<key>NSMicrophoneUsageDescription</key>\n\t<string>${microphoneMessage}</string>`,
    );
  });
});
