/**
 * Web Push (issue #27): the VAPID keys, the delivery job and the service worker. Notifications
 * reach it through `notify` (server/features/notificacoes), which calls `queuePush`; the devices
 * are the users' own (server/features/dispositivosPush). See docs/notificacoes.md.
 */
export { pushJob } from './deliver';
export { PUSH_FILA, queuePush } from './queue';
export { serviceWorkerRoute } from './routes';
export { vapidKeys } from './vapid';
