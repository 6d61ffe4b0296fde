import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraController, MAIN_CAMERA_KEY, SWITCH_GAP_MS } from './camera-controller.ts';
import type { CameraDeps, VideoSink } from './camera-state.ts';

function fakeTrack(settings: MediaTrackSettings) {
  return { stop: vi.fn(), getSettings: () => settings, kind: 'video' } as unknown as MediaStreamTrack;
}
function fakeStream(settings: MediaTrackSettings) {
  const track = fakeTrack(settings);
  return {
    stream: { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream,
    track,
  };
}

function fakeVideo(): VideoSink & { frames(): void } {
  const video = {
    srcObject: null as MediaProvider | null,
    readyState: 0,
    videoWidth: 0,
    videoHeight: 0,
    play: () => Promise.resolve(),
    frames() {
      video.readyState = 4;
      video.videoWidth = 1280;
      video.videoHeight = 720;
    },
  };
  return video;
}

function setup(over: Partial<CameraDeps> = {}, cameras = 2) {
  const store = new Map<string, string>();
  const getUserMedia = vi.fn((c: MediaStreamConstraints) => {
    const video = c.video as MediaTrackConstraints;
    const exact = (video.deviceId as { exact?: string } | undefined)?.exact;
    return Promise.resolve(
      fakeStream({ deviceId: exact ?? 'rear', facingMode: exact === 'front' ? 'user' : 'environment' })
        .stream,
    );
  });
  const devices = {
    getUserMedia,
    enumerateDevices: () =>
      Promise.resolve(
        [
          { kind: 'videoinput', deviceId: 'rear' },
          { kind: 'videoinput', deviceId: 'front' },
          { kind: 'audioinput', deviceId: 'mic' },
        ].slice(cameras === 1 ? 1 : 0) as MediaDeviceInfo[],
      ),
  } as unknown as MediaDevices;
  const withRationale = vi.fn(<T>(request: () => Promise<T>) => request());
  const deps: CameraDeps = {
    mediaDevices: () => devices,
    permissionState: () => Promise.resolve('prompt'),
    withRationale: withRationale as CameraDeps['withRationale'],
    storage: {
      get: (k) => store.get(k) ?? null,
      set: (k, v) => void store.set(k, v),
      remove: (k) => void store.delete(k),
    },
    supportsTorch: () => true,
    setTorch: vi.fn(() => Promise.resolve()),
    ...over,
  };
  const camera = new CameraController(deps);
  const video = fakeVideo();
  camera.attach(video);
  return { camera, video, deps, getUserMedia, withRationale, store };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('camera state machine', () => {
  it('waiting for permission (rationale first) → initializing → ready; rear camera ≤ 1920 wide, remembered', async () => {
    const { camera, video, getUserMedia, withRationale, store } = setup();
    const seen: string[] = [];
    camera.subscribe((s) => seen.push(s.status));
    const started = camera.start();
    video.frames();
    await vi.advanceTimersByTimeAsync(100);
    await started;
    expect(withRationale).toHaveBeenCalled();
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment', width: { ideal: 1920 } },
      audio: false,
    });
    expect(seen.slice(0, 2)).toEqual(['waiting-permission', 'initializing']);
    expect(camera.getState()).toMatchObject({
      status: 'ready',
      cameraCount: 2,
      torchSupported: true,
      facing: 'environment',
    });
    expect(store.get(MAIN_CAMERA_KEY)).toBe('rear');
  });

  it('uses the remembered main camera next time; granted permission skips the rationale', async () => {
    const { camera, video, getUserMedia, withRationale, store } = setup({
      permissionState: () => Promise.resolve('granted'),
    });
    store.set(MAIN_CAMERA_KEY, 'rear');
    video.frames();
    await camera.start();
    expect(withRationale).not.toHaveBeenCalled();
    expect(getUserMedia.mock.calls[0]?.[0]).toEqual({
      video: { deviceId: { exact: 'rear' }, width: { ideal: 1920 } },
      audio: false,
    });
  });

  it('no camera API; denied; not found; video not ready within 1.5 s', async () => {
    const none = setup({ mediaDevices: () => null });
    await none.camera.start();
    expect(none.camera.getState()).toMatchObject({
      status: 'failed',
      messageKey: 'seeForMe.camera.apiUnavailable',
    });

    const denied = setup();
    (denied.getUserMedia as ReturnType<typeof vi.fn>).mockRejectedValueOnce(
      new DOMException('no', 'NotAllowedError'),
    );
    await denied.camera.start();
    expect(denied.camera.getState()).toMatchObject({
      status: 'failed',
      messageKey: 'permission.cameraDenied',
    });

    const missing = setup();
    (missing.getUserMedia as ReturnType<typeof vi.fn>).mockRejectedValueOnce(
      new DOMException('no', 'NotFoundError'),
    );
    await missing.camera.start();
    expect(missing.camera.getState()).toMatchObject({
      status: 'failed',
      messageKey: 'seeForMe.camera.initFailed',
    });

    const slow = setup();
    const started = slow.camera.start({ restart: true });
    await vi.advanceTimersByTimeAsync(1_500);
    await started;
    expect(slow.camera.getState()).toMatchObject({
      status: 'failed',
      messageKey: 'seeForMe.camera.reinitFailed',
    });
    slow.video.frames(); // a late camera still comes up
    await vi.advanceTimersByTimeAsync(100);
    expect(slow.camera.getState().status).toBe('ready');
  });

  it('capture waits ≤ 3 s for the stream, then "video stream not ready in time"', async () => {
    const { camera } = setup();
    const frame = camera.frame();
    const assertion = expect(frame).rejects.toMatchObject({ messageKey: 'seeForMe.camera.streamNotReady' });
    await vi.advanceTimersByTimeAsync(3_000);
    await assertion;
  });

  it('switch: next camera after a 0.5 s gap, presses within 1.2 s ignored; front camera has no flash', async () => {
    const { camera, video, getUserMedia } = setup();
    video.frames();
    await camera.start();
    const switching = camera.switchCamera(10_000);
    await vi.advanceTimersByTimeAsync(SWITCH_GAP_MS - 1);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(await camera.switchCamera(10_500)).toBeNull();
    await vi.advanceTimersByTimeAsync(50);
    expect(await switching).toBeNull();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(getUserMedia.mock.calls[1]?.[0]).toMatchObject({ video: { deviceId: { exact: 'front' } } });
    expect(camera.getState()).toMatchObject({ status: 'ready', facing: 'user', torchSupported: false });
    expect(await camera.toggleTorch()).toBe('seeForMe.camera.frontNoFlash');
  });

  it('switch: a camera that will not open, or shows no frames within 1.5 s, is "switch camera failed"', async () => {
    const refused = setup();
    refused.video.frames();
    await refused.camera.start();
    refused.getUserMedia.mockRejectedValueOnce(new DOMException('in use', 'NotReadableError'));
    const switching = refused.camera.switchCamera(10_000);
    await vi.advanceTimersByTimeAsync(SWITCH_GAP_MS);
    expect(await switching).toBe('seeForMe.camera.switchFailed');
    expect(refused.getUserMedia).toHaveBeenCalledTimes(2);
    expect(refused.camera.getState()).toMatchObject({
      status: 'failed',
      messageKey: 'seeForMe.camera.switchFailed',
    });

    const dark = setup();
    dark.video.frames();
    await dark.camera.start();
    dark.video.readyState = 0; // the new camera opens but never shows a frame
    const darkSwitch = dark.camera.switchCamera(10_000);
    await vi.advanceTimersByTimeAsync(SWITCH_GAP_MS + 1_500);
    expect(await darkSwitch).toBe('seeForMe.camera.switchFailed');
    expect(dark.camera.getState()).toMatchObject({
      status: 'failed',
      messageKey: 'seeForMe.camera.switchFailed',
    });
  });

  it('torch on/off, failure message, and stop releases the stream', async () => {
    const setTorch = vi.fn(() => Promise.resolve());
    const { camera, video } = setup({ setTorch });
    video.frames();
    await camera.start();
    expect(await camera.toggleTorch()).toBeNull();
    expect(camera.getState().torchOn).toBe(true);
    setTorch.mockRejectedValueOnce(new Error('x'));
    expect(await camera.toggleTorch()).toBe('seeForMe.camera.flashFailed');
    camera.stop();
    expect(camera.getState().status).toBe('idle');
    expect(video.srcObject).toBeNull();
    expect(await camera.toggleTorch()).toBe('seeForMe.camera.notReady');
  });

  it('no torch capability: "current device does not support flash"', async () => {
    const { camera, video } = setup({ supportsTorch: () => false });
    video.frames();
    await camera.start();
    expect(await camera.toggleTorch()).toBe('seeForMe.camera.noFlash');
  });
});
