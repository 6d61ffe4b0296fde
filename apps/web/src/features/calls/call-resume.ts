/**
 * The call this tab is in, kept across a reload: sessionStorage is the tab's own and outlives the
 * page, so the page that comes back (a reload, the user returning to the call page) rejoins the
 * call while the server still keeps it, or hears that it was cut off. One entry per namespace: a
 * volunteer's call and an operator's are kept apart.
 */
const key = (namespace: string) => `sfm.call${namespace}`;

/** Storage may be refused (a private window's quota): the call then simply does not survive a reload. */
function quietly<T>(run: () => T, otherwise: T): T {
  try {
    return run();
  } catch {
    return otherwise;
  }
}

export const resumableCall = {
  remember(namespace: string, callId: string): void {
    quietly(() => sessionStorage.setItem(key(namespace), callId), undefined);
  },
  forget(namespace: string): void {
    quietly(() => sessionStorage.removeItem(key(namespace)), undefined);
  },
  recall(namespace: string): string | null {
    return quietly(() => sessionStorage.getItem(key(namespace)), null);
  },
};
