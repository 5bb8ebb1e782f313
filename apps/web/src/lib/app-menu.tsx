import { createContext, useContext } from 'react';

/**
 * The menu entries visible to the current user, with their action, as the shell computed them
 * (app/menu.ts). Pages that offer entry points (the dashboard) read them here, so they never
 * import app/ and always show exactly what the menu shows.
 */
export interface AppMenuItem {
  id: string;
  titleKey: string;
  /** Every visible entry has one (app/menu.ts). */
  icon: string;
  active: boolean;
  select(): void;
}

export const AppMenuContext = createContext<readonly AppMenuItem[]>([]);

export const useAppMenu = (): readonly AppMenuItem[] => useContext(AppMenuContext);
