import { CaptureError, type FrameSource } from '../capture.ts';
import type { CameraDeps, CameraMessageKey, CameraState, VideoSink } from './camera-state.ts';

/** Spec §9. */
const INIT_READY_TIMEOUT_MS = 1_500;
const CAPTURE_READY_TIMEOUT_MS = 3_000;
const SWITCH_DEBOUNCE_MS = 1_200;
export const SWITCH_GAP_MS = 500;
export const MAIN_CAMERA_KEY = 'mainCameraDeviceId';
const POLL_MS = 50;
const HAVE_CURRENT_DATA = 2;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const errorName = (error: unknown) =>
  error instanceof Error || error instanceof DOMException ? error.name : '';
const isDenied = (error: unknown) =>
  ['NotAllowedError', 'SecurityError', 'PermissionDeniedError'].includes(errorName(error));

/**
 * The camera: permission (rationale first), getUserMedia with the rear camera at ≤ 1920 wide, the
 * remembered main camera, readiness with time-outs, switching, the torch, stop and restart.
 */
export class CameraController {
  private state: CameraState = {
    status: 'idle',
    messageKey: null,
    torchSupported: false,
    torchOn: false,
    cameraCount: 0,
    facing: 'unknown',
  };
  private readonly listeners = new Set<(state: CameraState) => void>();
  private stream: MediaStream | null = null;
  private video: VideoSink | null = null;
  /** Bumped by stop/start: older async work gives up. */
  private run = 0;
  private lastSwitchAt = Number.NEGATIVE_INFINITY;
  private switching = false;

  constructor(private readonly deps: CameraDeps) {}

  getState = (): CameraState => this.state;

  subscribe = (listener: (state: CameraState) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<CameraState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }

  attach(video: VideoSink | null): void {
    this.video = video;
    if (video && this.stream) video.srcObject = this.stream;
  }

  private get track(): MediaStreamTrack | undefined {
    return this.stream?.getVideoTracks()[0];
  }

  private videoHasFrame(): boolean {
    const v = this.video;
    return !!v && v.readyState >= HAVE_CURRENT_DATA && v.videoWidth > 0 && v.videoHeight > 0;
  }

  /** Resolves true once the video shows frames, false after `timeoutMs` (or when superseded). */
  private async waitForVideo(timeoutMs: number, run = this.run): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (run !== this.run) return false;
      if (this.videoHasFrame()) return true;
      if (Date.now() >= deadline) return false;
      await sleep(POLL_MS);
    }
  }

  /**
   * Opens the camera. `restart` (back from the background) reports 'camera re-initialization
   * failed' instead of 'camera initialization failed'.
   */
  async start({ restart = false }: { restart?: boolean } = {}): Promise<void> {
    const devices = this.deps.mediaDevices();
    this.stopTracks();
    const run = ++this.run;
    if (!devices) return this.set({ status: 'failed', messageKey: 'seeForMe.camera.apiUnavailable' });
    const failKey = restart ? 'seeForMe.camera.reinitFailed' : 'seeForMe.camera.initFailed';
    try {
      const permission = await this.deps.permissionState();
      if (run !== this.run) return;
      if (permission === 'denied')
        return this.set({ status: 'failed', messageKey: 'permission.cameraDenied' });
      let stream: MediaStream;
      if (permission === 'granted') {
        this.set({ status: 'initializing', messageKey: 'seeForMe.camera.initializing' });
        stream = await this.open(devices);
      } else {
        this.set({ status: 'waiting-permission', messageKey: 'seeForMe.camera.waitingPermission' });
        stream = await this.deps.withRationale(() => this.open(devices));
        if (run === this.run)
          this.set({ status: 'initializing', messageKey: 'seeForMe.camera.initializing' });
      }
      if (run !== this.run) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      await this.use(stream, devices, run, failKey);
    } catch (error) {
      if (run !== this.run) return;
      this.set({ status: 'failed', messageKey: isDenied(error) ? 'permission.cameraDenied' : failKey });
    }
  }

  /** getUserMedia: the remembered main camera when there is one, else the rear camera. */
  private async open(devices: MediaDevices): Promise<MediaStream> {
    const width = { ideal: 1920 };
    const saved = this.deps.storage.get(MAIN_CAMERA_KEY);
    if (saved) {
      try {
        return await devices.getUserMedia({ video: { deviceId: { exact: saved }, width }, audio: false });
      } catch (error) {
        if (isDenied(error)) throw error;
        // the remembered camera is gone: fall back to the rear camera
      }
    }
    return devices.getUserMedia({ video: { facingMode: 'environment', width }, audio: false });
  }

  private async use(
    stream: MediaStream,
    devices: MediaDevices,
    run: number,
    failKey: CameraMessageKey,
  ): Promise<void> {
    this.stream = stream;
    const track = this.track;
    const settings = track?.getSettings?.() ?? {};
    const facing =
      settings.facingMode === 'user'
        ? 'user'
        : settings.facingMode === 'environment'
          ? 'environment'
          : 'unknown';
    if (settings.deviceId && !this.deps.storage.get(MAIN_CAMERA_KEY) && facing !== 'user') {
      this.deps.storage.set(MAIN_CAMERA_KEY, settings.deviceId);
    }
    if (this.video) {
      this.video.srcObject = stream;
      this.video.play().catch(() => undefined);
    }
    let cameraCount = this.state.cameraCount;
    try {
      cameraCount = (await devices.enumerateDevices()).filter((d) => d.kind === 'videoinput').length;
    } catch {
      // keep the last count
    }
    if (run !== this.run) return;
    this.set({
      cameraCount,
      facing,
      torchOn: false,
      torchSupported: facing !== 'user' && this.deps.supportsTorch(track),
    });
    const ready = await this.waitForVideo(INIT_READY_TIMEOUT_MS, run);
    if (run !== this.run) return;
    if (ready) return this.set({ status: 'ready', messageKey: 'seeForMe.camera.ready' });
    this.set({ status: 'failed', messageKey: failKey });
    // a slow camera may still come up: recover to ready when frames arrive
    void this.waitForVideo(10_000, run).then((late) => {
      if (late && run === this.run) this.set({ status: 'ready', messageKey: 'seeForMe.camera.ready' });
    });
  }

  private stopTracks(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    if (this.video) this.video.srcObject = null;
  }

  /** Stops the stream (background, leaving the screen). */
  stop(): void {
    this.run += 1;
    this.stopTracks();
    this.set({ status: 'idle', messageKey: null, torchOn: false });
  }

  /** The frame to capture, waiting ≤ 3 s for the stream ('video stream not ready in time'). */
  async frame(timeoutMs = CAPTURE_READY_TIMEOUT_MS): Promise<FrameSource> {
    if (!this.videoHasFrame() && !(await this.waitForVideo(timeoutMs))) {
      throw new CaptureError('seeForMe.camera.streamNotReady');
    }
    const video = this.video as VideoSink & CanvasImageSource;
    return { source: video, width: video.videoWidth, height: video.videoHeight };
  }

  /**
   * Next camera. Debounced on the leading edge: the press acts at once and presses within the next
   * 1.2 s are ignored; 0.5 s pass between stopping the old stream and opening the new one.
   * Returns the message key to tell the user, or null on success / when ignored.
   */
  async switchCamera(now = Date.now()): Promise<CameraMessageKey | null> {
    if (this.switching || now - this.lastSwitchAt < SWITCH_DEBOUNCE_MS) return null;
    const devices = this.deps.mediaDevices();
    if (!devices || this.state.cameraCount < 2) return null;
    this.lastSwitchAt = now;
    this.switching = true;
    const run = ++this.run;
    try {
      const inputs = (await devices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
      const currentId = this.track?.getSettings?.().deviceId;
      const index = inputs.findIndex((d) => d.deviceId === currentId);
      const next = inputs[(index + 1) % inputs.length];
      if (!next) throw new Error('no other camera');
      this.stopTracks();
      this.set({ status: 'initializing', messageKey: 'seeForMe.camera.initializing', torchOn: false });
      await sleep(SWITCH_GAP_MS);
      if (run !== this.run) return null;
      const stream = await devices.getUserMedia({
        video: { deviceId: { exact: next.deviceId }, width: { ideal: 1920 } },
        audio: false,
      });
      if (run !== this.run) {
        for (const track of stream.getTracks()) track.stop();
        return null;
      }
      await this.use(stream, devices, run, 'seeForMe.camera.switchFailed');
      return this.state.status === 'ready' ? null : 'seeForMe.camera.switchFailed';
    } catch {
      if (run !== this.run) return null;
      this.set({ status: 'failed', messageKey: 'seeForMe.camera.switchFailed' });
      return 'seeForMe.camera.switchFailed';
    } finally {
      this.switching = false;
    }
  }

  /** Flash on/off; returns the message key to tell the user (null when it worked). */
  async toggleTorch(): Promise<CameraMessageKey | null> {
    const track = this.track;
    if (this.state.status !== 'ready' || !track) return 'seeForMe.camera.notReady';
    if (this.state.facing === 'user') return 'seeForMe.camera.frontNoFlash';
    if (!this.state.torchSupported) return 'seeForMe.camera.noFlash';
    try {
      const on = !this.state.torchOn;
      await this.deps.setTorch(track, on);
      this.set({ torchOn: on });
      return null;
    } catch {
      return 'seeForMe.camera.flashFailed';
    }
  }
}
