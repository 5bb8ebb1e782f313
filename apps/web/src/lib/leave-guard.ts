import { appEvents } from './events';
import { unsavedChanges } from './unsaved-changes';

/**
 * SPEC §4: choosing a menu navigation while the current page has unsaved changes shows an alert
 * titled "Unsaved Changes" asking whether to save the draft first. Yes cancels the navigation
 * (dismissing the alert counts as Yes); No clears the flag (the page drops its draft) and
 * navigates. The alert component loads with the first such question.
 */
export function leaveGuarded(path: string, leave: () => void, t: (key: string) => string): void {
  if (!unsavedChanges.at(path)) return leave();
  import('../components/ionic/alert')
    .then(({ presentAlert }) =>
      presentAlert({
        header: t('UNSAVED.TITLE'),
        message: t('UNSAVED.MESSAGE'),
        buttons: [
          { text: t('COMMON.NO'), role: 'discard' },
          { text: t('COMMON.YES'), role: 'cancel' },
        ],
      }),
    )
    .then(({ role }) => {
      if (role !== 'discard') return;
      unsavedChanges.discard();
      leave();
    })
    .catch((error: unknown) => appEvents.emit('chunk-loading-error', { message: String(error) }));
}
