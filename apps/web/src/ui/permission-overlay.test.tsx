import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PERMISSION_OVERLAY_MS,
  PermissionOverlay,
  PermissionOverlayHost,
  requestWithRationale,
} from './permission-overlay.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('permission overlay', () => {
  it('shows title and message in a polite status and hides after 1 s', () => {
    const onHidden = vi.fn();
    render(
      <PermissionOverlay title="麦克风权限说明" message="我们需要麦克风权限" visible onHidden={onHidden} />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('麦克风权限说明');
    expect(status).toHaveTextContent('我们需要麦克风权限');
    act(() => {
      vi.advanceTimersByTime(PERMISSION_OVERLAY_MS - 1);
    });
    expect(onHidden).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onHidden).toHaveBeenCalledTimes(1);
  });

  it('renders an empty status region while hidden', () => {
    render(<PermissionOverlay title="t" message="m" visible={false} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('requestWithRationale shows the spec text first, then calls the system request', async () => {
    render(<PermissionOverlayHost />);
    const request = vi.fn(() => Promise.resolve('granted'));
    let result: string | undefined;
    act(() => {
      void requestWithRationale('camera', request).then((r) => (result = r));
    });
    expect(screen.getByRole('status')).toHaveTextContent('相机和媒体权限说明');
    expect(screen.getByRole('status')).toHaveTextContent(
      '我们需要相机和媒体权限，用于提供拍照识别、相册图片识别等视觉辅助功能',
    );
    expect(request).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(PERMISSION_OVERLAY_MS));
    expect(request).toHaveBeenCalledTimes(1);
    expect(result).toBe('granted');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
