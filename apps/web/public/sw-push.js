/* global self, clients */
/*
 * Imported by the service worker (vite.config.ts: workbox.importScripts). A volunteer whose page is
 * not open is rung by Web Push (the server's calls module): the ring is shown as a notification
 * that stays until answered, and a tap opens (or focuses) the volunteer page, where it rings.
 */
self.addEventListener('push', (event) => {
  let ring;
  try {
    ring = event.data ? event.data.json() : null;
  } catch {
    ring = null;
  }
  if (!ring || ring.kind !== 'incomingCall') return;
  // the words come written by the server, in the language of the volunteer's app
  event.waitUntil(
    self.registration.showNotification(ring.title, {
      body: ring.body,
      tag: `call-${ring.callId}`,
      renotify: true,
      requireInteraction: true,
      vibrate: [300, 200, 300, 200, 300],
      icon: '/icons/icon-192.png',
      data: { url: ring.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(
    (event.notification.data && event.notification.data.url) || '/volunteer-calls',
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).pathname === url.pathname);
      if (open) return open.focus();
      return clients.openWindow(url.href);
    })(),
  );
});
