import { alertController, type AlertOptions } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-alert.js';

/**
 * ion-alert, created through alertController. Always imported with `import()`: ion-alert loads
 * when the first alert is shown, never with a page or the shell.
 */
defineCustomElement();

export interface AlertResult {
  /** The role of the button chosen, or `backdrop` when dismissed otherwise. */
  role?: string;
  /** The values of the alert's inputs, by name. */
  data?: { values?: Record<string, string> };
}

/** Creates an alert without presenting it (a button handler can then change its message). */
export const createAlert = (options: AlertOptions): Promise<HTMLIonAlertElement> => alertController.create(options);

/** Presents an alert and resolves when it is dismissed. */
export async function presentAlert(options: AlertOptions | HTMLIonAlertElement): Promise<AlertResult> {
  const alert = options instanceof HTMLElement ? options : await createAlert(options);
  await alert.present();
  return alert.onDidDismiss();
}
