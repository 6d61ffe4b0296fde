import { vibrate } from './call-media.ts';

/**
 * The ring of an incoming call: a two-tone chime every 2 s made with Web Audio (no file to load)
 * and a vibration where the phone has one, until stopped.
 */
export function startRinging(): () => void {
  let context: AudioContext | null = null;
  try {
    context = new AudioContext();
  } catch {
    context = null;
  }
  const chime = () => {
    vibrate([300, 200, 300]);
    if (!context) return;
    const start = context.currentTime;
    for (const [i, frequency] of [880, 660].entries()) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, start + i * 0.4);
      gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.4 + 0.35);
      tone.connect(gain).connect(context.destination);
      tone.start(start + i * 0.4);
      tone.stop(start + i * 0.4 + 0.36);
    }
  };
  chime();
  const timer = setInterval(chime, 2000);
  return () => {
    clearInterval(timer);
    void context?.close().catch(() => undefined);
  };
}
