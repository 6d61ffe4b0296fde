import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserRecognizerExpectedToWork, mediaSourceConstructor, mseSupportsMpeg } from './media.ts';

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

describe('the cloud speech player', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the web view’s MediaSource, on Android too (no native 22050 Hz track: media.ts says why)', () => {
    const isTypeSupported = vi.fn((type: string) => type === 'audio/mpeg');
    const WebViewMediaSource = Object.assign(class {}, { isTypeSupported });
    vi.stubGlobal('MediaSource', WebViewMediaSource);
    expect(mediaSourceConstructor()).toBe(WebViewMediaSource);
    expect(mseSupportsMpeg()).toBe(true);
    expect(isTypeSupported).toHaveBeenCalledWith('audio/mpeg');
    vi.stubGlobal('MediaSource', undefined);
    expect(mediaSourceConstructor()).toBeNull();
    expect(mseSupportsMpeg()).toBe(false);
  });
});
