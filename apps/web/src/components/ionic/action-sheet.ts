import { actionSheetController, type ActionSheetButton } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-action-sheet.js';

/**
 * ion-action-sheet, created through actionSheetController. Always imported with `import()`: it
 * loads when the first action sheet is shown, never with a page or the shell.
 */
defineCustomElement();

/** Presents an action sheet and resolves with the role of the button chosen (`cancel`/`backdrop` otherwise). */
export async function presentActionSheet(header: string, buttons: ActionSheetButton[]): Promise<string | undefined> {
  const sheet = await actionSheetController.create({ header, buttons });
  await sheet.present();
  const { role } = await sheet.onDidDismiss();
  return role;
}
