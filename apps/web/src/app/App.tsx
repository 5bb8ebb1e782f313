import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider } from '../lib/auth';
import { i18next } from '../lib/i18n';
import { CurrentLocationProvider } from '../lib/navigation';
import { AppShell } from './shell/app-shell';

/**
 * Everything outside the router: translations and the session. (react-query's provider wraps
 * each lazy page, see lib/query-client.tsx.)
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18next}>
      <AuthProvider>{children}</AuthProvider>
    </I18nextProvider>
  );
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
