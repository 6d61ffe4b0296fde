import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { ScreenReader } from '@capacitor/screen-reader';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { platform } from './platform.ts';

vi.mock('@capacitor/core', () => ({
  Capacitor: { getPlatform: vi.fn(() => 'web'), isNativePlatform: vi.fn(() => false) },
}));
vi.mock('@capacitor/app', () => ({ App: { exitApp: vi.fn(() => Promise.resolve()) } }));
vi.mock('@capacitor/screen-reader', () => ({
  ScreenReader: { isEnabled: vi.fn(() => Promise.resolve({ value: true })) },
}));

// each test starts in the browser with the plugins as mocked above, whatever the one before set
beforeEach(() => vi.resetAllMocks());

describe('platform.onAppClose', () => {
  it('runs on pagehide until unsubscribed', () => {
    const handler = vi.fn();
    const off = platform.onAppClose(handler);
    window.dispatchEvent(new Event('pagehide'));
    expect(handler).toHaveBeenCalledOnce();
    off();
    window.dispatchEvent(new Event('pagehide'));
    expect(handler).toHaveBeenCalledOnce();
  });

  it('in the native app runs before exitApp closes it; in the browser exitApp does nothing', async () => {
    const order: string[] = [];
    const off = platform.onAppClose(() => order.push('close'));
    vi.mocked(App.exitApp).mockImplementation(() => {
      order.push('exit');
      return Promise.resolve();
    });
    await platform.exitApp();
    expect(order).toEqual([]);
    vi.mocked(Capacitor.isNativePlatform).mockReturnValue(true);
    await platform.exitApp();
    expect(order).toEqual(['close', 'exit']);
    off();
  });
});

describe('platform.isScreenReaderOn', () => {
  it('is false in the browser without asking the plugin (it cannot tell there)', async () => {
    vi.mocked(Capacitor.isNativePlatform).mockReturnValue(false);
    await expect(platform.isScreenReaderOn()).resolves.toBe(false);
    expect(ScreenReader.isEnabled).not.toHaveBeenCalled();
  });

  it('in the native app answers what TalkBack / VoiceOver report; false when the plugin fails', async () => {
    vi.mocked(Capacitor.isNativePlatform).mockReturnValue(true);
    await expect(platform.isScreenReaderOn()).resolves.toBe(true);
    vi.mocked(ScreenReader.isEnabled).mockResolvedValueOnce({ value: false });
    await expect(platform.isScreenReaderOn()).resolves.toBe(false);
    vi.mocked(ScreenReader.isEnabled).mockRejectedValueOnce(new Error('not implemented'));
    await expect(platform.isScreenReaderOn()).resolves.toBe(false);
  });
});

describe('platform.hasNativeSpeech', () => {
  it('the native plugins speak and listen in the Capacitor shell, the Web Speech API in the browser', () => {
    vi.mocked(Capacitor.isNativePlatform).mockReturnValue(false);
    expect(platform.hasNativeSpeech()).toBe(false);
    vi.mocked(Capacitor.isNativePlatform).mockReturnValue(true);
    expect(platform.hasNativeSpeech()).toBe(true);
  });
});
