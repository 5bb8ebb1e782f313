import { IonSplitPane } from '@ionic/react';
import { SIDE_MENU_PERMANENT_MIN_WIDTH } from '@spotlist/contracts';
import { useEffect } from 'react';
import { AppMenuContext } from '../../lib/app-menu';
import { startRealtimeWhenLoggedIn } from '../../lib/realtime-start';
import { listenForPreloadErrors } from '../lazy-page';
import { AppRoutes } from '../routes';
import { ChunkErrorBanner } from './chunk-error-banner';
import { CookieNotice } from './cookie-notice';
import { ErrorToast } from './error-toast';
import { SideMenu } from './side-menu';
import { useMenuItems } from './use-menu-items';

const CONTENT_ID = 'main-content';

/** What is mounted once: split pane with side menu and pages, cookie notice, toasts, alerts. */
export function AppShell() {
  useEffect(() => listenForPreloadErrors(), []);
  // other tabs' and devices' changes of the session user show here at once (lib/realtime.ts)
  useEffect(() => startRealtimeWhenLoggedIn(), []);
  const menuItems = useMenuItems();
  return (
    <AppMenuContext.Provider value={menuItems}>
      <div className="app-layout">
        <div className="app-main">
          {/* SPEC §2 / §9: the side menu is permanently shown from 1250px. */}
          <IonSplitPane contentId={CONTENT_ID} when={`(min-width: ${SIDE_MENU_PERMANENT_MIN_WIDTH}px)`}>
            <SideMenu contentId={CONTENT_ID} />
            <AppRoutes id={CONTENT_ID} />
          </IonSplitPane>
        </div>
        <ChunkErrorBanner />
        <CookieNotice />
        <ErrorToast />
      </div>
    </AppMenuContext.Provider>
  );
}
