import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CloudSpeechEngine } from '../features/speech/output/cloud-engine.ts';
import { MseAudioPlayer } from '../features/speech/output/mse-audio-player.ts';
import { SilentSpeechEngine } from '../features/speech/output/silent-engine.ts';
import { SpeechOutputService } from '../features/speech/output/speech-output-service.ts';
import { FakeSocket } from '../../test/fakes/speech.ts';
import { platform } from '../platform/index.ts';
import {
  SPEECH_INIT_MAX_ATTEMPTS,
  SPEECH_INIT_RETRY_MS,
  startSpeechService,
  type SpeechStartDeps,
} from './speech-start.ts';

let stops: (() => void)[] = [];
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.useRealTimers();
});

/** A speech service whose init answers from `results` in turn (the last one repeats). */
function fakeSpeech(...results: boolean[]) {
  const speech = {
    init: vi.fn(() => Promise.resolve(results.length > 1 ? results.shift()! : results[0]!)),
    dispose: vi.fn(),
  };
  let close: (() => void) | null = null;
  const deps: SpeechStartDeps = {
    speech,
    onAppClose: (handler) => {
      close = handler;
      return () => (close = null);
    },
  };
  stops.push(startSpeechService(deps));
  return { speech, close: () => close?.() };
}

describe('speech service at app start (spec §4)', () => {
  it('initialises once when the first attempt works', async () => {
    const { speech } = fakeSpeech(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(speech.init).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(SPEECH_INIT_RETRY_MS * 10);
    expect(speech.init).toHaveBeenCalledOnce();
  });

  it('a failed init is retried after 3 s, and retrying stops once it works', async () => {
    const { speech } = fakeSpeech(false, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(speech.init).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SPEECH_INIT_RETRY_MS - 1);
    expect(speech.init).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(speech.init).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SPEECH_INIT_RETRY_MS * 10);
    expect(speech.init).toHaveBeenCalledTimes(2);
  });

  it('gives up after 5 attempts, 3 s apart, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { speech } = fakeSpeech(false);
    await vi.advanceTimersByTimeAsync(SPEECH_INIT_RETRY_MS * (SPEECH_INIT_MAX_ATTEMPTS - 1));
    expect(speech.init).toHaveBeenCalledTimes(SPEECH_INIT_MAX_ATTEMPTS);
    expect(SPEECH_INIT_MAX_ATTEMPTS).toBe(5);
    expect(warn).toHaveBeenCalledWith('speech service not ready after 5 attempts');
    await vi.advanceTimersByTimeAsync(SPEECH_INIT_RETRY_MS * 10);
    expect(speech.init).toHaveBeenCalledTimes(SPEECH_INIT_MAX_ATTEMPTS);
  });

  it('closing the app disposes the speech service and cancels a waiting retry', async () => {
    const { speech, close } = fakeSpeech(false);
    await vi.advanceTimersByTimeAsync(0);
    close();
    expect(speech.dispose).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(SPEECH_INIT_RETRY_MS * 10);
    expect(speech.init).toHaveBeenCalledOnce();
  });

  it('init connects the cloud socket; pagehide closes it and stops the speech', async () => {
    const socket = new FakeSocket(false);
    const disconnect = vi.spyOn(socket, 'disconnect');
    const cloud = new CloudSpeechEngine({
      // MSE that plays audio/mpeg is all the engine asks of the player here
      player: new MseAudioPlayer({
        MediaSource: { isTypeSupported: () => true } as unknown as typeof MediaSource,
      }),
      socketFactory: () => socket as unknown as Socket,
    });
    const silent = new SilentSpeechEngine();
    const speech = new SpeechOutputService({
      chain: () => [cloud],
      silent,
      engines: [cloud, silent],
      domEvents: false,
    });
    const stopAll = vi.spyOn(speech, 'stopAll');
    const init = vi.spyOn(speech, 'init');
    stops.push(startSpeechService({ speech, onAppClose: (handler) => platform.onAppClose(handler) }));
    socket.serverEmits('connect');
    await vi.advanceTimersByTimeAsync(0);
    await expect(init.mock.results[0]?.value).resolves.toBe(true);
    expect(socket.connected).toBe(true);
    window.dispatchEvent(new Event('pagehide'));
    expect(stopAll).toHaveBeenCalledOnce();
    expect(disconnect).toHaveBeenCalledOnce();
    expect(socket.connected).toBe(false);
  });
});
