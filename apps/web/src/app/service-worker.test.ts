import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ServiceWorkerModule from './service-worker.ts';
import type { ServiceWorkerHandle } from './service-worker.ts';

type Module = typeof ServiceWorkerModule;

class FakeWorker implements ServiceWorkerHandle {
  private listener: ((event: { isUpdate?: boolean }) => void) | null = null;
  /** What update() finds: a newer worker on its way, nothing newer, or no answer. */
  found: 'newer' | 'nothing' | 'offline' = 'nothing';
  readonly register = vi.fn(async () => undefined);
  readonly update = vi.fn(async () => {
    if (this.found === 'offline') throw new TypeError('Failed to fetch');
    return this.found === 'newer';
  });
  addEventListener(_type: 'controlling', listener: (event: { isUpdate?: boolean }) => void) {
    this.listener = listener;
  }
  takesControl(isUpdate: boolean) {
    this.listener?.({ isUpdate });
  }
}

/** A page following its worker's updates, as registerServiceWorker sets it up. */
async function followed(found: FakeWorker['found'] = 'nothing') {
  const worker = new FakeWorker();
  worker.found = found;
  const reload = vi.fn();
  await sw.followUpdates(worker, reload);
  return { worker, reload };
}

// a fresh module per test: the page's one scheduled reload is module state
let sw: Module;
beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  sessionStorage.clear();
  sw = await import('./service-worker.ts');
});
afterEach(() => vi.useRealTimers());

describe('service worker updates', () => {
  it('registers the worker', async () => {
    const { worker } = await followed();
    expect(worker.register).toHaveBeenCalledOnce();
  });

  it('reloads 1 s after a new version takes over (the silent web update)', async () => {
    const { worker, reload } = await followed();
    worker.takesControl(true);
    vi.advanceTimersByTime(sw.SILENT_UPDATE_RELOAD_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
    expect(sw.SILENT_UPDATE_RELOAD_MS).toBe(1_000);
  });

  it('does not reload when the first worker takes control', async () => {
    const { worker, reload } = await followed();
    worker.takesControl(false);
    vi.runAllTimers();
    expect(reload).not.toHaveBeenCalled();
  });

  it('an announced build the worker is installing reloads once, when it takes over', async () => {
    const { worker, reload } = await followed('newer');
    await sw.updateWebApp('1.1.0', reload, worker);
    expect(worker.update).toHaveBeenCalledOnce();
    vi.runAllTimers();
    expect(reload).not.toHaveBeenCalled();
    worker.takesControl(true);
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a build that took over before the page listened still reloads the page, once per version', async () => {
    // the browser's own check on navigation installed it: update() finds nothing newer
    const { worker, reload } = await followed();
    await sw.updateWebApp('1.1.0', reload, worker);
    vi.advanceTimersByTime(sw.SILENT_UPDATE_RELOAD_MS);
    expect(reload).toHaveBeenCalledOnce();
    // the reloaded page is told of the same version again: no second reload
    vi.resetModules();
    const reloaded = await import('./service-worker.ts');
    await reloaded.updateWebApp('1.1.0', reload, worker);
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a new worker taking over and the update check together reload the page once', async () => {
    const { worker, reload } = await followed();
    worker.takesControl(true);
    await sw.updateWebApp('1.1.0', reload, worker);
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('offline, the update is left for the next check', async () => {
    const worker = new FakeWorker();
    worker.found = 'offline';
    const reload = vi.fn();
    await sw.updateWebApp('1.1.0', reload, worker);
    vi.runAllTimers();
    expect(reload).not.toHaveBeenCalled();
    worker.found = 'nothing';
    await sw.updateWebApp('1.1.0', reload, worker);
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('without a worker (development), a newer build reloads the page after 1 s, once per version', async () => {
    const reload = vi.fn();
    await sw.updateWebApp('1.1.0', reload, null);
    vi.advanceTimersByTime(sw.SILENT_UPDATE_RELOAD_MS);
    expect(reload).toHaveBeenCalledOnce();
    for (const version of ['1.1.0', '1.2.0']) {
      vi.resetModules();
      await (await import('./service-worker.ts')).updateWebApp(version, reload, null);
      vi.runAllTimers();
    }
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
