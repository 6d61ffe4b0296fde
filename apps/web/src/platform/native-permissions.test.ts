import type { PermissionState } from '@capacitor/core';
import { describe, expect, it, vi } from 'vitest';
import {
  nativePermissionState,
  requestNativeMicrophone,
  type PermissionPlugins,
} from './native-permissions.ts';

/** The Camera and speech recognition plugins' permission calls, answering what the test says. */
function plugins(
  camera: PermissionState | 'limited',
  microphone: PermissionState,
  afterRequest = microphone,
) {
  return {
    camera: { checkPermissions: vi.fn(async () => ({ camera })) },
    microphone: {
      checkPermissions: vi.fn(async () => ({ speechRecognition: microphone })),
      requestPermissions: vi.fn(async () => ({ speechRecognition: afterRequest })),
    },
  } satisfies PermissionPlugins;
}

describe('native runtime permissions', () => {
  it('reads the camera and microphone states from their plugins', async () => {
    expect(await nativePermissionState('camera', plugins('granted', 'denied'))).toBe('granted');
    expect(await nativePermissionState('microphone', plugins('granted', 'denied'))).toBe('denied');
    // Android's "ask again, with a rationale" is still a question to ask; iOS's limited photos a yes
    expect(await nativePermissionState('microphone', plugins('limited', 'prompt-with-rationale'))).toBe(
      'prompt',
    );
    expect(await nativePermissionState('camera', plugins('limited', 'prompt'))).toBe('granted');
  });

  it('says unknown when a plugin cannot tell (a shell built without it)', async () => {
    const broken = plugins('granted', 'granted');
    broken.camera.checkPermissions.mockRejectedValue(new Error('not implemented'));
    expect(await nativePermissionState('camera', broken)).toBe('unknown');
  });

  it('asks the system for the microphone: granted, denied, or a plugin failure counted as denied', async () => {
    const asked = plugins('granted', 'prompt', 'granted');
    expect(await requestNativeMicrophone(asked)).toBe(true);
    expect(asked.microphone.requestPermissions).toHaveBeenCalledOnce();
    expect(await requestNativeMicrophone(plugins('granted', 'prompt', 'denied'))).toBe(false);
    const failing = plugins('granted', 'prompt');
    failing.microphone.requestPermissions.mockRejectedValue(new Error('no activity'));
    expect(await requestNativeMicrophone(failing)).toBe(false);
  });
});
