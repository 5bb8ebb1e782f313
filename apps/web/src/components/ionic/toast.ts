import { toastController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-toast.js';

/**
 * A notice toast (SPEC §8's connection toasts: 3000 ms), at the bottom like the error toast.
 * Always imported with `import()`: ion-toast loads with the first one.
 */
defineCustomElement();

export async function presentToast(message: string, durationMs: number): Promise<void> {
  const toast = await toastController.create({ message, duration: durationMs, position: 'bottom', cssClass: 'app-notice-toast' });
  await toast.present();
}
