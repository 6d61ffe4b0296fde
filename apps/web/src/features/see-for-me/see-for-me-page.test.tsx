import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveRegions, resetAnnouncer } from '../../ui/announcer.tsx';
import { loginAs, renderApp, seedStorage } from '../../test-utils.tsx';
import { writeSpeakWithScreenReader } from '../speech/index.ts';
import { alertDanger } from './see-for-me-page.tsx';

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
