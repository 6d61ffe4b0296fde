import type { BrowserContext, Page } from 'playwright-core';

/**
 * What a live channel does, seen from outside the app (nothing in the product knows of it): when a
 * frame was grabbed from the camera (a drawImage of the video onto the grab canvas) and when its
 * pixels were in hand (the getImageData after it returned), every pitch
 * the live hum was set to (an oscillator whose frequency glides with setTargetAtTime; a beep's is
 * set once) and when the hum stopped, with the page's clock. Installed in an init script, before
 * the app loads.
 */
export async function installChannelProbes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as {
      __grabs: number[];
      __reads: number[];
      __hum: { hz: number; at: number }[];
      __humStops: number[];
    };
    w.__grabs = [];
    w.__reads = [];
    w.__hum = [];
    w.__humStops = [];
    for (const Context of [CanvasRenderingContext2D, globalThis.OffscreenCanvasRenderingContext2D]) {
      if (!Context) continue;
      const drawImage = Context.prototype.drawImage as (...args: unknown[]) => void;
      Context.prototype.drawImage = function (this: unknown, ...args: unknown[]) {
        if (args[0] instanceof HTMLVideoElement) w.__grabs.push(performance.now());
        drawImage.apply(this, args);
      } as typeof Context.prototype.drawImage;
      const getImageData = Context.prototype.getImageData as (...args: unknown[]) => ImageData;
      Context.prototype.getImageData = function (this: unknown, ...args: unknown[]) {
        const pixels = getImageData.apply(this, args);
        w.__reads.push(performance.now());
        return pixels;
      } as typeof Context.prototype.getImageData;
    }
    const oscillatorOf = new WeakMap<AudioParam, OscillatorNode>();
    const hums = new WeakSet<OscillatorNode>();
    const createOscillator = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const oscillator = createOscillator.call(this);
      oscillatorOf.set(oscillator.frequency, oscillator);
      return oscillator;
    };
    const setTargetAtTime = AudioParam.prototype.setTargetAtTime;
    AudioParam.prototype.setTargetAtTime = function (this: AudioParam, value, start, constant) {
      const oscillator = oscillatorOf.get(this);
      if (oscillator) {
        hums.add(oscillator);
        w.__hum.push({ hz: value, at: performance.now() });
      }
      return setTargetAtTime.call(this, value, start, constant);
    };
    const stop = OscillatorNode.prototype.stop;
    OscillatorNode.prototype.stop = function (this: OscillatorNode, when?: number) {
      if (hums.has(this)) w.__humStops.push(performance.now());
      stop.call(this, when);
    };
  });
}

/** The hum's pitches so far. */
export const humSettings = (page: Page) =>
  page.evaluate(() => (window as unknown as { __hum: { hz: number; at: number }[] }).__hum);

/** When the hum was silenced so far. */
export const humStops = (page: Page) =>
  page.evaluate(() => (window as unknown as { __humStops: number[] }).__humStops);

/** When frames were grabbed so far. */
export const frameGrabs = (page: Page) =>
  page.evaluate(() => (window as unknown as { __grabs: number[] }).__grabs);

/** When pixels were read off a canvas so far (a grabbed frame's, among others). */
export const pixelReads = (page: Page) =>
  page.evaluate(() => (window as unknown as { __reads: number[] }).__reads);

/** Waits until the hum is set to a pitch `accept`s, after `since`; returns that setting. */
export async function humAfter(
  page: Page,
  since: number,
  accept: { above?: number; below?: number },
  timeout = 10_000,
): Promise<{ hz: number; at: number }> {
  const handle = await page.waitForFunction(
    ({ since, above, below }) =>
      (window as unknown as { __hum: { hz: number; at: number }[] }).__hum.find(
        (h) => h.at >= since && h.hz > above && h.hz < below,
      ) ?? null,
    { since, above: accept.above ?? -Infinity, below: accept.below ?? Infinity },
    { timeout, polling: 10 },
  );
  return (await handle.jsonValue()) as { hz: number; at: number };
}

/**
 * A browser speech recognizer that hears what the test says next (`sayToAssistant`): the app tries
 * a recognizer a page supplies itself, so the voice assistant can be asked in a headless browser.
 */
export async function installHeardSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __nextHeard: string; SpeechRecognition: unknown };
    w.__nextHeard = '';
    w.SpeechRecognition = class {
      lang = 'zh-CN';
      continuous = false;
      interimResults = false;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        setTimeout(() => {
          const result = Object.assign([{ transcript: w.__nextHeard, confidence: 0.95 }], { isFinal: true });
          this.onresult?.({ resultIndex: 0, results: [result] });
          this.onend?.();
        }, 50);
      }
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
    };
  });
}

/** Asks the voice assistant `question` (its button, then the recognizer above hears it). */
export async function sayToAssistant(page: Page, question: string): Promise<void> {
  await page.evaluate((q) => ((window as unknown as { __nextHeard: string }).__nextHeard = q), question);
  await page.getByRole('button', { name: '语音指令', exact: true }).click();
}
