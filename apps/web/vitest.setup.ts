import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

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
  cleanup();
  localStorage.clear();
});
