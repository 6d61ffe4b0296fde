import { describe, expect, it } from 'vitest';
import { deviceOs, webBuildNumber } from './app-distribution.ts';

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
