import { readSpeechVolume } from '../speech/index.ts';
import type { SoundName } from './scene/scene-deps.ts';

/** Spec §7 local audio assets. */
const SOUND_URLS: Record<SoundName, string> = {
  shutter: '/assets/audio/picture.mp3',
  ding: '/assets/audio/dong.mp3',
};

const cache = new Map<SoundName, HTMLAudioElement>();

function element(name: SoundName): HTMLAudioElement | null {
  if (typeof Audio === 'undefined') return null;
  let audio = cache.get(name);
  if (!audio) {
    audio = new Audio(SOUND_URLS[name]);
    audio.preload = 'auto';
    cache.set(name, audio);
  }
  return audio;
}

/** Loads both sounds ahead of the first tap. */
export function preloadSounds(): void {
  for (const name of Object.keys(SOUND_URLS) as SoundName[]) {
    try {
      element(name);
    } catch {
      // silent
    }
  }
}

/** Plays a sound from the start at the speech volume; any failure (autoplay policy, no audio device) is silent. */
export function playSound(name: SoundName): void {
  try {
    const audio = element(name);
    if (!audio) return;
    audio.volume = readSpeechVolume();
    audio.currentTime = 0;
    const played = audio.play() as Promise<void> | undefined;
    played?.catch(() => undefined);
  } catch {
    // silent
  }
}
