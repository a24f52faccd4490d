// The portal's service worker, served as /sw.js (scope /) by server/push/routes.ts: it shows each
// Web Push the server sends (server/push/deliver.ts: { titulo, texto, link }) and opens its link
// when the notification is clicked. It caches nothing: the app works as it does without it.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { texto: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.titulo || '', {
      body: data.texto || '',
      data: { link: data.link || '/notificacoes' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.link || '/notificacoes', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
