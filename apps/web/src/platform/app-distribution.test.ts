import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deviceOs,
  EXTERNAL_OPEN_WAIT_MS,
  ExternalOpenError,
  leavesApp,
  openExternal,
  webBuildNumber,
  type ExternalOpenDeps,
} from './app-distribution.ts';

describe('the visitor’s device, from its user agent', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36', 0, 'android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15', 5, 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 5, 'ios'],
    // iPadOS 13+ says it is a Mac; only its touch screen tells
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari', 5, 'ios'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari',
      0,
      'desktop',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 0, 'desktop'],
  ])('%s (%i touch points) → %s', (userAgent, touchPoints, os) => {
    expect(deviceOs(userAgent, touchPoints)).toBe(os);
  });

  it('runs as web build 100 when the build says no other number (spec §9)', () => {
    expect(webBuildNumber()).toBe(100);
  });
});

describe('openExternal (the App Store, the browser)', () => {
  const STORE = 'https://apps.apple.com/cn/app/id1234567890';

  function deps(native: boolean, leaves: boolean) {
    const order: string[] = [];
    const fake = {
      isNative: () => native,
      navigate: vi.fn((url: string) => void order.push(`navigate ${url}`)),
      leavesApp: vi.fn(async (ms: number) => {
        order.push(`watch ${ms}`);
        return leaves;
      }),
    } satisfies ExternalOpenDeps;
    return { fake, order };
  }

  it('in the native app resolves once the app went to the background for it, watched from before', async () => {
    const { fake, order } = deps(true, true);
    await expect(openExternal(STORE, fake)).resolves.toBeUndefined();
    expect(order).toEqual([`watch ${EXTERNAL_OPEN_WAIT_MS}`, `navigate ${STORE}`]);
    expect(EXTERNAL_OPEN_WAIT_MS).toBe(3_000);
  });

  it('in the native app rejects when it is still in front after the wait: nothing took the address', async () => {
    const { fake } = deps(true, false);
    await expect(openExternal(STORE, fake)).rejects.toBeInstanceOf(ExternalOpenError);
    expect(fake.navigate).toHaveBeenCalledWith(STORE);
  });

  it('in the browser the page itself goes there', async () => {
    const { fake } = deps(false, false);
    await expect(openExternal('itms-apps://apps.apple.com/app/id1234567890', fake)).resolves.toBeUndefined();
    expect(fake.leavesApp).not.toHaveBeenCalled();
  });

  it('rejects an address the system does not open, or a navigation the web view refuses', async () => {
    const { fake } = deps(true, true);
    await expect(openExternal('', fake)).rejects.toBeInstanceOf(ExternalOpenError);
    await expect(openExternal('/api/version/apk/1.apk', fake)).rejects.toBeInstanceOf(ExternalOpenError);
    await expect(openExternal('javascript:alert(1)', fake)).rejects.toBeInstanceOf(ExternalOpenError);
    expect(fake.navigate).not.toHaveBeenCalled();
    fake.navigate.mockImplementationOnce(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    await expect(openExternal(STORE, fake)).rejects.toBeInstanceOf(ExternalOpenError);
  });
});

describe('leavesApp (the App plugin’s appStateChange)', () => {
  const setHidden = (hidden: boolean) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  afterEach(() => {
    // back in front for whatever else listens in this worker
    Reflect.deleteProperty(document, 'hidden');
    document.dispatchEvent(new Event('visibilitychange'));
  });

  it('is true once the app goes to the background', async () => {
    const left = leavesApp(2_000);
    // the plugin registers its listener asynchronously
    await new Promise((resolve) => setTimeout(resolve, 50));
    setHidden(true);
    await expect(left).resolves.toBe(true);
  });

  it('is false when the app stays in front for the whole wait', async () => {
    await expect(leavesApp(30)).resolves.toBe(false);
  });
});
