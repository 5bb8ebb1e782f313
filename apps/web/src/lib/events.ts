/**
 * A tiny typed publish/subscribe bus. Library code (api-client, lazy loading) publishes; the shell
 * decides what the user sees (toast, reload prompt, navigation).
 */
export interface AppEventMap {
  /** An API call failed with an error key (already anonymized; not published when silenced). */
  'api-error': { key: string; status: number; path: string };
  /** A call answered 403 (SPEC §7: raises an auth error); the shell revalidates the session. */
  'auth-error': { key: string; status: number; path: string };
  /** The token refresh failed: the local user was cleared (SPEC §4). */
  'session-expired': { path: string };
  /** SPEC §8: a lazy chunk could not be loaded ('Loading chunk N failed'). */
  'chunk-loading-error': { message: string };
  /** SPEC §8: an image failed to load (lib/image-loader.ts). */
  'image-load-error': { url: string };
  /**
   * Show this app page: a link of the app's own address opened the running native app
   * (lib/native/shell.ts), or a notification was tapped (lib/native/push.ts) or clicked (lib/pwa.ts).
   */
  'deep-link': { path: string };
  /**
   * SPEC §4: logout asked the server to delete this install's push device (lib/push.ts). Fires
   * whether or not there was one (`token` null: push was never set up here).
   */
  'push-device-deleted': { deviceId: string; token: string | null };
}

type Listener<T> = (payload: T) => void;

export interface EventBus<M> {
  on<K extends keyof M>(type: K, listener: Listener<M[K]>): () => void;
  emit<K extends keyof M>(type: K, payload: M[K]): void;
}

export function createEventBus<M>(): EventBus<M> {
  const listeners = new Map<keyof M, Set<Listener<never>>>();
  return {
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit(type, payload) {
      for (const listener of [...(listeners.get(type) ?? [])]) {
        try {
          (listener as Listener<typeof payload>)(payload);
        } catch (error) {
          console.error(`listener for ${String(type)} failed`, error);
        }
      }
    },
  };
}

export const appEvents = createEventBus<AppEventMap>();
