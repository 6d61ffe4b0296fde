/* global self, caches */
/*
 * Imported first by the service worker (vite.config.ts: workbox.importScripts). Browsers fetch
 * <audio> sources in byte ranges, and Safari plays nothing that comes back whole (200) instead of in
 * part (206): a range request for a precached sound is answered with that part of the cached file.
 * Requests without a range fall through to the precache route.
 */
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const range = event.request.headers.get('range');
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/audio/') || !range) return;
  event.respondWith(
    (async () => {
      // precached under its URL plus a revision parameter
      const cached = await caches.match(url.pathname, { ignoreSearch: true });
      if (!cached) return fetch(event.request);
      const body = await cached.arrayBuffer();
      const size = body.byteLength;
      const [, from = '', to = ''] = /^bytes=(\d*)-(\d*)$/.exec(range.trim()) ?? [];
      const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
      const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
      if (!(start <= end && end < size) || (from === '' && to === '')) {
        return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
      }
      return new Response(body.slice(start, end + 1), {
        status: 206,
        headers: {
          'Content-Type': cached.headers.get('Content-Type') ?? 'audio/mpeg',
          'Content-Length': String(end - start + 1),
          'Content-Range': `bytes ${start}-${end}/${size}`,
        },
      });
    })(),
  );
});
