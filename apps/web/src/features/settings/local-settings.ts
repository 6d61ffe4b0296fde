import { VERBOSITY_LEVELS } from '@sfm/protocol';
import { DEFAULT_SCENES, OPERATION_MODES, SPEECH_ENGINES, type UserSettings } from '@sfm/protocol/account';
import { api } from '../../api/http-client.ts';
import { platform } from '../../platform/index.ts';
import { selectLoggedIn, useSession } from '../../session/index.ts';
import { writeSpeechVolume } from '../speech/index.ts';

/**
 * The operation settings this page edits, stored under the spec §3 key names (the features that use
 * them — see-for-me, speech — read those same keys) and, for a signed-in user, on the server too.
 */
export type SettingKey =
  'operationMode' | 'defaultScene' | 'verbosity' | 'speechEngine' | 'selectedVoice' | 'mainCameraDeviceId';
const KEYS: readonly SettingKey[] = [
  'operationMode',
  'defaultScene',
  'verbosity',
  'speechEngine',
  'selectedVoice',
  'mainCameraDeviceId',
];

/** The values a key may hold (null: free text such as a voice or a camera id). */
const ALLOWED: Record<SettingKey, readonly string[] | null> = {
  operationMode: OPERATION_MODES,
  defaultScene: DEFAULT_SCENES,
  verbosity: VERBOSITY_LEVELS,
  speechEngine: SPEECH_ENGINES,
  selectedVoice: null,
  mainCameraDeviceId: null,
};

export type LocalSettings = Partial<Record<SettingKey, string>>;

/**
 * The on/off settings, on the server booleans. Here a switch at its default is absent and the
 * other value is stored ('true' / 'false'), so a device that never touched one follows the default.
 */
export type SwitchKey = 'savePhoto' | 'vibrateOnDanger';
const SWITCH_DEFAULTS: Record<SwitchKey, boolean> = { savePhoto: false, vibrateOnDanger: true };
const SWITCHES = Object.keys(SWITCH_DEFAULTS) as SwitchKey[];

export function readSwitch(key: SwitchKey): boolean {
  const stored = platform.storage.get(key);
  return stored === null ? SWITCH_DEFAULTS[key] : stored === 'true';
}

const writeSwitch = (key: SwitchKey, on: boolean) =>
  writeLocal(key, on === SWITCH_DEFAULTS[key] ? null : String(on));

export function readLocalSettings(): LocalSettings {
  const out: LocalSettings = {};
  for (const key of KEYS) {
    const value = platform.storage.get(key);
    if (value && (ALLOWED[key] ?? [value]).includes(value)) out[key] = value;
  }
  return out;
}

function writeLocal(key: SettingKey | SwitchKey, value: string | null): void {
  if (value === null || value === '') platform.storage.remove(key);
  else platform.storage.set(key, value);
}

/** Stores one setting here at once, and on the server for a signed-in user (a failure there keeps the local one). */
export async function saveSetting(key: SettingKey, value: string | null): Promise<void> {
  writeLocal(key, value);
  await saveOnServer({ [key]: value === '' ? null : value } as UserSettings);
}

/** Turns one switch on or off, here and (signed in) on the server, like saveSetting. */
export async function saveSwitch(key: SwitchKey, on: boolean): Promise<void> {
  writeSwitch(key, on);
  await saveOnServer({ [key]: on });
}

/** The speech volume (0–1): stored where the speech feature reads it, and on the server, like saveSetting. */
export async function saveVolume(volume: number): Promise<void> {
  writeSpeechVolume(volume);
  await saveOnServer({ volume });
}

async function saveOnServer(change: UserSettings): Promise<void> {
  if (!selectLoggedIn(useSession.getState())) return;
  await api.call('updateMySettings', change).catch(() => undefined);
}

/**
 * A signed-in user's settings from the server, written here: what they chose on another device
 * applies on this one. Returns whether anything came.
 */
export async function pullServerSettings(signal?: AbortSignal): Promise<boolean> {
  if (!selectLoggedIn(useSession.getState())) return false;
  const answer = await api.call('mySettings', undefined, { signal }).catch(() => null);
  if (!answer?.ok) return false;
  for (const key of KEYS) {
    const value = answer.data[key];
    if (value !== undefined) writeLocal(key, value === null ? null : String(value));
  }
  for (const key of SWITCHES) {
    const on = answer.data[key];
    if (on !== undefined) writeSwitch(key, on);
  }
  if (answer.data.volume !== undefined) writeSpeechVolume(answer.data.volume);
  return true;
}
