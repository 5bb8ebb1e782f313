import { toastController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-toast.js';
import { ERROR_TOAST_MS } from '@spotlist/contracts';

/**
 * Presents the error toast (SPEC §8: bottom, 5000 ms, close button, replaces any earlier one).
 * Loaded on demand by error-toast.tsx, so ion-toast is not part of the first bundle.
 */
defineCustomElement();

/** The latest toast, once presented. Set synchronously, so errors in quick succession still replace. */
let latest: Promise<HTMLIonToastElement> | null = null;

export async function presentErrorToast(message: string, closeText: string): Promise<void> {
  const previous = latest;
  const shown = (async () => {
    const toast = await toastController.create({
      message,
      duration: ERROR_TOAST_MS,
      position: 'bottom',
      color: 'danger',
      cssClass: 'app-error-toast',
      buttons: [{ text: closeText, role: 'cancel' }],
    });
    await toast.present();
    return toast;
  })();
  latest = shown;
  // An overlay can only be dismissed once it is presented: wait for that, then replace it.
  if (previous) void previous.then((toast) => toast.dismiss()).catch(() => undefined);
  await shown;
}
