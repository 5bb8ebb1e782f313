import { IonApp } from '@ionic/react';
import { IonReactMemoryRouter } from '@ionic/react-router';
import { render, screen } from '@testing-library/react';
import { AppFrame, AppProviders } from '../app/App';
import { useLocation } from 'react-router-dom';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Renders the whole app (shell, routes, guards) at `path` in a memory router. */
export function renderApp(path: string) {
  return render(
    <AppProviders>
      <IonApp>
        <IonReactMemoryRouter initialEntries={[path]}>
          <AppFrame />
          <LocationProbe />
        </IonReactMemoryRouter>
      </IonApp>
    </AppProviders>,
  );
}

/** The router's current path and query. */
export const currentLocation = (): string => screen.getByTestId('location').textContent ?? '';
