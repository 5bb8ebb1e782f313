import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { isApiError } from './api-client';
import { i18next } from './i18n';

/**
 * The app's one QueryClient. The shell itself fetches nothing through react-query, so the
 * provider wraps the components that read server state (`export default withQueryClient(X)`)
 * instead of the whole app: react-query loads with the first of them, not in the first bundle,
 * and pages without queries do not load it at all. All share this client and its cache.
 */
/** How long an answer counts as fresh (react-query's staleTime). */
export const FRESH_MS = 5_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An API answer (4xx/5xx with a key) is final; only a failed connection is retried once.
        retry: (count, error) => count < 1 && isApiError(error) && error.status === 0,
        refetchOnWindowFocus: false,
        // An answer stays fresh for a moment: parts of a page that mount one after another (the
        // dashboard's sections after its skeleton) share it instead of each asking again. Changes
        // still show at once: mutations and the realtime gateway invalidate what they touch.
        staleTime: FRESH_MS,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Answers follow the request's app-language (place texts, country and category names): a new
// language refetches what is on screen and marks the rest stale, whatever the query's key.
// A first fetch still on its way was asked in the old language, and react-query would let the
// refetch join it (a query without data keeps its fetch in flight): it is cancelled first, so
// the page is asked again (the session check often switches the language while a page loads).
i18next.on('languageChanged', () => {
  void queryClient
    .cancelQueries({ predicate: (q) => q.state.data === undefined && q.state.fetchStatus === 'fetching' })
    .then(() => queryClient.invalidateQueries());
});

export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
