import { Camera } from '@capacitor/camera';
import type { PermissionState } from '@capacitor/core';
import { SpeechRecognition } from '@capacitor-community/speech-recognition';
import type { PermissionStateName } from './permission-state.ts';

export type DevicePermission = 'camera' | 'microphone';

/**
 * The runtime permissions of the native app, through the plugins that own them: the Camera plugin
 * (CAMERA; on iOS the camera usage) and the speech recognition plugin (RECORD_AUDIO on Android; the
 * microphone and speech recognition on iOS). The web asks through getUserMedia instead.
 */
export interface PermissionPlugins {
  camera: {
    checkPermissions(): Promise<{ camera: PermissionState | 'limited' }>;
  };
  microphone: {
    checkPermissions(): Promise<{ speechRecognition: PermissionState }>;
    requestPermissions(): Promise<{ speechRecognition: PermissionState }>;
  };
}

const plugins: PermissionPlugins = { camera: Camera, microphone: SpeechRecognition };

/** A plugin's state in the words of media.permissionState ("prompt with rationale" is still a prompt). */
function stateName(state: PermissionState | 'limited'): PermissionStateName {
  if (state === 'granted' || state === 'limited') return 'granted';
  return state === 'denied' ? 'denied' : 'prompt';
}

export async function nativePermissionState(
  kind: DevicePermission,
  using: PermissionPlugins = plugins,
): Promise<PermissionStateName> {
  try {
    const status =
      kind === 'camera'
        ? (await using.camera.checkPermissions()).camera
        : (await using.microphone.checkPermissions()).speechRecognition;
    return stateName(status);
  } catch {
    return 'unknown';
  }
}

/**
 * The system's microphone request (the caller shows the rationale first); true when granted. The
 * camera has none here: the web view's getUserMedia asks for it (Capacitor's bridge requests the
 * runtime permission), after the same rationale.
 */
export async function requestNativeMicrophone(using: PermissionPlugins = plugins): Promise<boolean> {
  try {
    return stateName((await using.microphone.requestPermissions()).speechRecognition) === 'granted';
  } catch {
    return false;
  }
}
