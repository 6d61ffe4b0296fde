import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserRecognizerExpectedToWork } from './media.ts';

/** The browser's own recognizer: a native function, as Chromium's webkitSpeechRecognition is. */
const nativeRecognizer = Function.prototype.bind.call(class {}, null) as unknown;
const brands = (...names: string[]) =>
  vi.stubGlobal('navigator', { ...navigator, userAgentData: { brands: names.map((brand) => ({ brand })) } });

describe('browserRecognizerExpectedToWork', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is false without the API (Firefox)', () => {
    expect(browserRecognizerExpectedToWork()).toBe(false);
  });

  it('trusts Chrome and Edge, whose service answers, and browsers that do not name their brand (Safari)', () => {
    vi.stubGlobal('webkitSpeechRecognition', nativeRecognizer);
    brands('Chromium', 'Google Chrome', 'Not.A/Brand');
    expect(browserRecognizerExpectedToWork()).toBe(true);
    brands('Chromium', 'Microsoft Edge');
    expect(browserRecognizerExpectedToWork()).toBe(true);
    vi.stubGlobal('navigator', { ...navigator, userAgentData: undefined });
    expect(browserRecognizerExpectedToWork()).toBe(true);
  });

  it('does not expect Chromium builds without a speech service to hear (Debian Chromium, Brave, Opera)', () => {
    vi.stubGlobal('webkitSpeechRecognition', nativeRecognizer);
    brands('Chromium', 'Not.A/Brand');
    expect(browserRecognizerExpectedToWork()).toBe(false);
    brands('Chromium', 'Brave');
    expect(browserRecognizerExpectedToWork()).toBe(false);
  });

  it('always tries a recognizer the page supplies itself', () => {
    vi.stubGlobal('webkitSpeechRecognition', class {});
    brands('Chromium');
    expect(browserRecognizerExpectedToWork()).toBe(true);
  });
});
