import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  followUpdates,
  SILENT_UPDATE_RELOAD_MS,
  updateWebApp,
  type ServiceWorkerHandle,
} from './service-worker.ts';

class FakeWorker implements ServiceWorkerHandle {
  private listener: ((event: { isUpdate?: boolean }) => void) | null = null;
  readonly register = vi.fn(async () => undefined);
  readonly update = vi.fn(async () => undefined);
  addEventListener(_type: 'controlling', listener: (event: { isUpdate?: boolean }) => void) {
    this.listener = listener;
  }
  takesControl(isUpdate: boolean) {
    this.listener?.({ isUpdate });
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('service worker updates', () => {
  it('registers the worker', async () => {
    const worker = new FakeWorker();
    await followUpdates(worker, vi.fn());
    expect(worker.register).toHaveBeenCalledOnce();
  });

  it('reloads 1 s after a new version takes over (the silent web update)', async () => {
    const worker = new FakeWorker();
    const reload = vi.fn();
    await followUpdates(worker, reload);
    worker.takesControl(true);
    vi.advanceTimersByTime(SILENT_UPDATE_RELOAD_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
    expect(SILENT_UPDATE_RELOAD_MS).toBe(1_000);
  });

  it('does not reload when the first worker takes control', async () => {
    const worker = new FakeWorker();
    const reload = vi.fn();
    await followUpdates(worker, reload);
    worker.takesControl(false);
    vi.runAllTimers();
    expect(reload).not.toHaveBeenCalled();
  });

  it('without a worker (development), a newer build reloads the page after 1 s, once per version', async () => {
    sessionStorage.clear();
    const reload = vi.fn();
    await updateWebApp('1.1.0', reload);
    vi.advanceTimersByTime(SILENT_UPDATE_RELOAD_MS);
    expect(reload).toHaveBeenCalledOnce();
    // the reloaded page is told of the same version again: no second reload
    await updateWebApp('1.1.0', reload);
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledOnce();
    await updateWebApp('1.2.0', reload);
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
