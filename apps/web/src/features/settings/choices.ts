import { mediaDevices } from '../../platform/media.ts';
import { loadCapabilities, speechEngines } from '../speech/index.ts';

/** A choice of a select: its stored value and the i18n key (or the literal text) of its label. */
export interface Choice {
  value: string;
  labelKey?: string;
  label?: string;
}

/** The speech engines that can speak here (spec: "cloud, native, browser — only those available"). */
export function engineChoices(): Choice[] {
  const engines: [string, boolean][] = [
    ['cloud', speechEngines.cloud.available()],
    ['native', speechEngines.native.available()],
    ['other', speechEngines.browser.available()],
  ];
  return engines
    .filter(([, available]) => available)
    .map(([value]) => ({ value, labelKey: `engines.${value}` }));
}

/** The server's voices: the embedded one, or with DashScope its CosyVoice voices. */
export async function voiceChoices(): Promise<Choice[]> {
  const capabilities = await loadCapabilities();
  return (capabilities?.tts.voices ?? []).map((voice) => ({ value: voice, label: voice }));
}

/** The cameras the browser lists (names appear once camera permission was given; numbered until then). */
export async function cameraChoices(numbered: (n: number) => string): Promise<Choice[]> {
  const devices = await mediaDevices()
    ?.enumerateDevices()
    .catch(() => []);
  return (devices ?? [])
    .filter((d) => d.kind === 'videoinput' && d.deviceId)
    .map((d, i) => ({ value: d.deviceId, label: d.label || numbered(i + 1) }));
}
