import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveRegions, resetAnnouncer } from '../../ui/announcer.tsx';
import { loginAs, renderApp, seedStorage } from '../../../test/test-utils.tsx';
import { writeSpeakWithScreenReader } from '../speech/index.ts';
import { alertDanger } from './screen-controllers.ts';

afterEach(() => resetAnnouncer());

describe('/see-for-me with the screen reader as the voice', () => {
  it('the result is a live region only while the app speaks itself; a shown-only status stays live', async () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    renderApp('/see-for-me');
    const status = screen.getByTestId('sfm-status');
    const result = screen.getByTestId('sfm-result');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(result).toHaveAttribute('aria-live', 'polite');
    act(() => writeSpeakWithScreenReader(true));
    // still on screen and readable by browsing, just not announced a second time
    expect(result).toHaveAttribute('aria-live', 'off');
    // jsdom has no camera: "camera API unavailable" is shown and spoken, so the screen reader
    // hears it from the speech service and the status line keeps it on screen only
    await waitFor(() => expect(status).toHaveTextContent('相机接口不可用'));
    expect(status).toHaveAttribute('aria-live', 'off');
    expect(status).toBeVisible();
    act(() => writeSpeakWithScreenReader(false));
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(result).toHaveAttribute('aria-live', 'polite');
  });

  it('the danger alert goes to the assertive region unless the screen reader is the voice', async () => {
    render(<LiveRegions />);
    act(() => alertDanger('检测到潜在危险场景'));
    await waitFor(() => expect(screen.getByTestId('live-alert')).toHaveTextContent('检测到潜在危险场景'));
    act(() => resetAnnouncer());
    writeSpeakWithScreenReader(true);
    act(() => alertDanger('检测到潜在危险场景'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('live-alert')).toBeEmptyDOMElement();
  });
});

describe('/see-for-me hidden controls (spec §2)', () => {
  it('qa and diabetes are reachable by keyboard and screen reader from the camera area, and switch the mode', async () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    renderApp('/see-for-me');
    const diabetes = screen.getByRole('button', { name: '切换到血糖模式' });
    expect(screen.getByRole('button', { name: '切换到问答模式' })).toHaveClass('visually-hidden-focusable');
    act(() => diabetes.click());
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '血糖' })).toHaveAttribute('aria-selected', 'true'),
    );
  });
});

describe('/see-for-me flash and camera switch (spec §2)', () => {
  const saved = (['mediaDevices', 'permissions'] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(navigator, name)] as const,
  );
  afterEach(() => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(navigator, name, descriptor);
      else Reflect.deleteProperty(navigator, name);
    }
  });

  /** A browser with `cameras` cameras, the rear one with a torch or not, permission granted. */
  function fakeCameras({ torch, cameras }: { torch: boolean; cameras: number }) {
    const track = {
      kind: 'video',
      stop: vi.fn(),
      getSettings: () => ({ deviceId: 'rear', facingMode: 'environment' }),
      getCapabilities: () => (torch ? { torch: true } : {}),
      applyConstraints: vi.fn(() => Promise.resolve()),
    };
    const stream = { getVideoTracks: () => [track], getTracks: () => [track] };
    const inputs = ['rear', 'front', 'wide'].slice(0, cameras).map((deviceId) => ({
      kind: 'videoinput',
      deviceId,
    }));
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(() => Promise.resolve(stream)),
        enumerateDevices: () => Promise.resolve([...inputs, { kind: 'audioinput', deviceId: 'mic' }]),
      },
    });
    Object.defineProperty(navigator, 'permissions', {
      configurable: true,
      value: { query: () => Promise.resolve({ state: 'granted' }) },
    });
    // jsdom's <video> never plays: this one shows frames at once
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1920);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(1080);
  }

  it.each([
    { torch: true, cameras: 2, flash: true, switches: true },
    { torch: false, cameras: 1, flash: false, switches: false },
    { torch: true, cameras: 1, flash: true, switches: false },
    { torch: false, cameras: 3, flash: false, switches: true },
  ])(
    'torch $torch, $cameras camera(s): flash button $flash, switch button $switches',
    async ({ torch, cameras, flash, switches }) => {
      fakeCameras({ torch, cameras });
      loginAs({ userType: 0 });
      // a mode that captures only on demand, so "camera ready" stays on the status line (an auto
      // mode would capture at once, and jsdom cannot draw the frame)
      seedStorage({ privacyAccepted: 'true', defaultScene: 'dialogue' });
      renderApp('/see-for-me');
      await waitFor(() => expect(screen.getByTestId('sfm-status')).toHaveTextContent('相机已就绪'));
      const flashButton = screen.queryByRole('button', { name: '打开闪光灯' });
      const switchButton = screen.queryByRole('button', { name: '切换摄像头' });
      if (flash) expect(flashButton).toBeInTheDocument();
      else expect(flashButton).toBeNull();
      if (switches) expect(switchButton).toBeInTheDocument();
      else expect(switchButton).toBeNull();
    },
  );
});
