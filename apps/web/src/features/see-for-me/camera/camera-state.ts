import type { KeyValueStorage } from '../../../platform/index.ts';
import type { PermissionStateName } from '../../../platform/media.ts';

/** Spec §4 camera states (+ idle: stopped, e.g. in the background). */
export type CameraStatus = 'idle' | 'waiting-permission' | 'initializing' | 'ready' | 'failed';

/** i18n keys of the camera messages (spec §6/§8). */
export type CameraMessageKey =
  | 'seeForMe.camera.waitingPermission'
  | 'seeForMe.camera.initializing'
  | 'seeForMe.camera.ready'
  | 'seeForMe.camera.apiUnavailable'
  | 'seeForMe.camera.initFailed'
  | 'seeForMe.camera.reinitFailed'
  | 'seeForMe.camera.switchFailed'
  | 'seeForMe.camera.flashFailed'
  | 'seeForMe.camera.notReady'
  | 'seeForMe.camera.noFlash'
  | 'seeForMe.camera.frontNoFlash'
  | 'seeForMe.camera.streamNotReady'
  | 'permission.cameraDenied';

export interface CameraState {
  status: CameraStatus;
  messageKey: CameraMessageKey | null;
  /** The current track can switch a torch (rear camera with `torch` capability). */
  torchSupported: boolean;
  torchOn: boolean;
  /** Number of videoinput devices. */
  cameraCount: number;
  facing: 'environment' | 'user' | 'unknown';
}

/** The bits of an HTMLVideoElement the camera needs (a fake in unit tests). */
export interface VideoSink {
  srcObject: MediaProvider | null;
  readyState: number;
  videoWidth: number;
  videoHeight: number;
  play(): Promise<void>;
}

export interface CameraDeps {
  mediaDevices: () => MediaDevices | null;
  permissionState: () => Promise<PermissionStateName>;
  /** Shows the rationale, then runs the system request (requestWithRationale('camera', …)). */
  withRationale: <T>(request: () => Promise<T>) => Promise<T>;
  storage: KeyValueStorage;
  supportsTorch: (track: MediaStreamTrack | undefined) => boolean;
  setTorch: (track: MediaStreamTrack, on: boolean) => Promise<void>;
}
