import { appEvents } from './events';

/**
 * A clicked notification whose app window is open (public/push-sw.js focuses it and posts
 * `spotlist:open`) shows its page through the router, as a deep link does (lib/navigation.tsx).
 * `spotlist:pushsubscriptionchange` (the browser renewed the subscription) calls `onSubscriptionChange`.
 */
export function listenForNotificationClicks(
  container: Pick<ServiceWorkerContainer, 'addEventListener'> & Partial<Pick<ServiceWorkerContainer, 'startMessages'>>,
  onSubscriptionChange: () => void = () => {},
): void {
  container.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; path?: unknown } | null;
    if (data?.type === 'spotlist:pushsubscriptionchange') return onSubscriptionChange();
    if (data?.type !== 'spotlist:open' || typeof data.path !== 'string') return;
    if (data.path.startsWith('/') && !data.path.startsWith('//')) appEvents.emit('deep-link', { path: data.path });
  });
  // messages wait in a queue until this (addEventListener alone does not start it)
  container.startMessages?.();
}
