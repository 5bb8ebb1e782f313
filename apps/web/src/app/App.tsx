import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { CurrentLocationProvider } from '../lib/navigation';
import { AppShell } from './shell/app-shell';

/**
 * Everything outside the router: the session (translations need no provider: lib/translator.ts).
 * (react-query's provider wraps each lazy page, see lib/query-client.tsx.)
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <AuthProvider>{children}</AuthProvider>;
}

/** Everything inside the router (tests mount it in IonReactMemoryRouter). */
export function AppFrame() {
  return (
    <CurrentLocationProvider>
      <AppShell />
    </CurrentLocationProvider>
  );
}

export default function App() {
  return (
    <AppProviders>
      <IonApp>
        <IonReactRouter>
          <AppFrame />
        </IonReactRouter>
      </IonApp>
    </AppProviders>
  );
}
