import { tr } from '../../i18n/index.ts';
import { platform, savePhoto } from '../../platform/index.ts';
import * as media from '../../platform/media.ts';
import { announce } from '../../ui/announcer.tsx';
import { requestWithRationale } from '../../ui/permission-overlay.tsx';
import {
  claimUnavailableNotice,
  createSpeechInput,
  readSpeakWithScreenReader,
  speechOutput,
} from '../speech/index.ts';
import { analyzeImage } from './analysis-client.ts';
import { CameraController } from './camera/camera-controller.ts';
import { captureFrame, captureFullPhoto } from './capture.ts';
import { grabPixels } from './channels/grab-pixels.ts';
import { createTonePlayer } from './channels/tone-player.ts';
import { readDefaultScene, readSavePhoto, readVerbosity, readVibrateOnDanger } from './preferences.ts';
import { SceneController } from './scene/scene-controller.ts';
import { initialSceneMode, type SceneModeEntry } from './scene-modes.ts';
import { playSound } from './sounds.ts';

/**
 * The danger alert in the assertive region. With the screen reader as the voice the dangerous result
 * itself is announced there (a danger priority text), and a second assertive text would cut it off.
 */
export function alertDanger(text: string): void {
  if (!readSpeakWithScreenReader()) announce(text, { assertive: true });
}

/**
 * One scene shown without the mode strip: a market scene (/market/use/{id}) as its own registry
 * entry, under its own title. The camera, the tap, auto-capture and speech are this page's.
 */
export interface FixedScene {
  entry: SceneModeEntry;
  title: string;
}

/** The camera screen's camera and scene, wired to the device, the settings and the services. */
export function createControllers(fixedScene?: FixedScene) {
  const camera = new CameraController({
    mediaDevices: media.mediaDevices,
    permissionState: () => media.permissionState('camera'),
    withRationale: (request) => requestWithRationale('camera', request),
    storage: platform.storage,
    supportsTorch: media.trackSupportsTorch,
    setTorch: media.setTorch,
  });
  const scene = new SceneController(
    {
      speech: speechOutput,
      t: (key, params) => tr(key, params),
      capture: async (preset, signal) => {
        const frame = await camera.frame();
        if (signal.aborted) throw new DOMException('aborted', 'AbortError');
        return captureFrame(frame, preset);
      },
      photos: {
        enabled: readSavePhoto,
        grab: async () => captureFullPhoto(await camera.frame()),
        // spec §6: the media note shown before the system asks for the album
        keep: (photo) => savePhoto(photo, Date.now(), (ask) => requestWithRationale('camera', ask)),
      },
      analyze: (request, signal) => analyzeImage(request, signal),
      grabPixels: async (maxSide, signal) => {
        const frame = await camera.frame();
        return signal.aborted ? null : grabPixels(frame, maxSide);
      },
      tones: createTonePlayer(),
      playSound,
      alert: alertDanger,
      vibrate: media.vibrate,
      vibrateOnDanger: readVibrateOnDanger,
      verbosity: readVerbosity,
      createSpeechInput,
      requestMicrophone: async () =>
        (await media.permissionState('microphone')) === 'granted'
          ? true
          : requestWithRationale('microphone', media.requestMicrophone),
      claimUnavailableNotice,
      ...(fixedScene ? { registry: [fixedScene.entry] } : {}),
    },
    fixedScene ? fixedScene.entry.id : initialSceneMode(readDefaultScene()),
  );
  return { camera, scene };
}
