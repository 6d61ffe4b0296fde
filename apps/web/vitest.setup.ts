import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type * as Zustand from 'zustand';

/**
 * Every zustand store goes back to its first state after each test (zustand's own testing advice).
 * The `web` project shares modules between files, so a store holds what the file before left in it
 * (a recognizer marked broken, an assistant status, a notice already given) unless it is reset.
 * The list lives on globalThis: this file runs again for each test file, the stores are made once.
 */
type StoreResets = Set<() => void>;
const shared = globalThis as { __storeResets?: StoreResets };
const storeResets: StoreResets = (shared.__storeResets ??= new Set());
vi.mock('zustand', async (importOriginal) => {
  const zustand = await importOriginal<typeof Zustand>();
  const resets = (globalThis as { __storeResets?: StoreResets }).__storeResets ?? new Set();
  const tracked = (initializer: Zustand.StateCreator<object>) => {
    const store = zustand.create(initializer);
    resets.add(() => store.setState(store.getInitialState(), true));
    return store;
  };
  // create(initializer) and the curried create<T>()(initializer)
  const create = (initializer?: Zustand.StateCreator<object>) =>
    initializer ? tracked(initializer) : tracked;
  return { ...zustand, create };
});

// findBy…/waitFor give up after 1 s by default: on a loaded two-core machine (CI beside another
// job) a back-office page can take longer than that to render, and a test that would pass fails.
// Waiting longer costs a passing test nothing.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has <dialog> but neither showModal() nor close(): enough of both for the privacy gate.
const dialogProto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
if (typeof dialogProto.showModal !== 'function') {
  dialogProto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
}
if (typeof dialogProto.close !== 'function') {
  dialogProto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom has no matchMedia; antd's responsive layout (the back office's forms) asks it: no query matches.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}

beforeEach(async () => {
  localStorage.clear();
  // without module isolation a file would meet the session an earlier file left in memory; each
  // test starts from the empty storage instead (imported here, after the file's own mocks)
  const { useSession } = await import('./src/session/session-store.ts');
  useSession.getState().reloadFromStorage();
});

afterEach(() => {
  // a file that faked the clock and forgot to give it back would hand the next file a frozen one
  vi.useRealTimers();
  cleanup();
  localStorage.clear();
  for (const reset of storeResets) reset();
});
