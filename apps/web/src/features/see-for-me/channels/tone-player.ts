import { readSpeechVolume } from '../../speech/index.ts';
import type { ToneCue } from './live-channel.ts';

/** How fast the hum's pitch and level glide to a new value: within ~15 ms (the light channel's 50 ms budget), still no clicks. */
const GLIDE_SECONDS = 0.015;
/** The hum at full speech volume: quieter than speech, which it plays under. */
const HUM_GAIN = 0.18;
const BEEP_GAIN = 0.35;

export interface TonePlayer {
  beep(tone: ToneCue): void;
  /** A continuous tone at this pitch, or silence (null). */
  hum(tone: { frequencyHz: number; gain?: number } | null): void;
}

/**
 * The live channels' sounds, made with WebAudio (nothing to download): short beeps and one
 * continuous hum whose pitch glides to each new value. The audio context starts at the first sound
 * (after the user's tap that opened the mode, so autoplay rules allow it); any failure is silent.
 */
export function createTonePlayer(): TonePlayer {
  let context: AudioContext | null = null;
  let hum: { oscillator: OscillatorNode; gain: GainNode } | null = null;

  const audio = (): AudioContext | null => {
    if (typeof AudioContext === 'undefined') return null;
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    return context;
  };

  return {
    beep(tone) {
      try {
        const ctx = audio();
        if (!ctx) return;
        const oscillator = ctx.createOscillator();
        const gain = ctx.createGain();
        const now = ctx.currentTime;
        const seconds = tone.durationMs / 1000;
        oscillator.frequency.value = tone.frequencyHz;
        gain.gain.setValueAtTime(0, now);
        gain.gain.linearRampToValueAtTime(BEEP_GAIN * (tone.gain ?? 1) * readSpeechVolume(), now + 0.005);
        gain.gain.linearRampToValueAtTime(0, now + seconds);
        oscillator.connect(gain).connect(ctx.destination);
        oscillator.start(now);
        oscillator.stop(now + seconds + 0.01);
      } catch {
        // silent
      }
    },
    hum(tone) {
      try {
        if (!tone) {
          hum?.oscillator.stop();
          hum = null;
          return;
        }
        const ctx = audio();
        if (!ctx) return;
        if (!hum) {
          const oscillator = ctx.createOscillator();
          const gain = ctx.createGain();
          gain.gain.value = 0;
          oscillator.connect(gain).connect(ctx.destination);
          oscillator.start();
          hum = { oscillator, gain };
        }
        const now = ctx.currentTime;
        hum.oscillator.frequency.setTargetAtTime(tone.frequencyHz, now, GLIDE_SECONDS);
        hum.gain.gain.setTargetAtTime(HUM_GAIN * (tone.gain ?? 1) * readSpeechVolume(), now, GLIDE_SECONDS);
      } catch {
        // silent
      }
    },
  };
}
