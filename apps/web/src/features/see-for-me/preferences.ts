import type { Verbosity } from '@sfm/protocol';
import { platform } from '../../platform/index.ts';

/** Spec §3 local preferences used by the see-for-me screen. */
const PreferenceKey = {
  defaultScene: 'defaultScene',
  operationMode: 'operationMode',
  mainCameraDeviceId: 'mainCameraDeviceId',
  savePhoto: 'savePhoto',
  vibrateOnDanger: 'vibrateOnDanger',
  verbosity: 'verbosity',
} as const;

/** accessible (default): Enter/Space act with spoken confirmations; quick: hold 400 ms stops speech. */
export type OperationMode = 'accessible' | 'quick';

export function readOperationMode(): OperationMode {
  return platform.storage.get(PreferenceKey.operationMode) === 'quick' ? 'quick' : 'accessible';
}

export function readDefaultScene(): string | null {
  return platform.storage.get(PreferenceKey.defaultScene);
}

/** "Save photos after analysis" (set in /operation-settings: 'true' when on). */
export function readSavePhoto(): boolean {
  return platform.storage.get(PreferenceKey.savePhoto) === 'true';
}

/** "Vibrate on danger" (set in /operation-settings): on unless stored as 'false'. */
export function readVibrateOnDanger(): boolean {
  return platform.storage.get(PreferenceKey.vibrateOnDanger) !== 'false';
}

/** "Answer length" (set in /operation-settings): brief unless stored as 'detailed'. */
export function readVerbosity(): Verbosity {
  return platform.storage.get(PreferenceKey.verbosity) === 'detailed' ? 'detailed' : 'brief';
}
