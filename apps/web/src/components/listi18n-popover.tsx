import { popoverController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-popover.js';
import { languageOutline } from 'ionicons/icons';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from '../lib/translator';
import { Icon } from './icon';

defineCustomElement();

export interface PopoverLanguage {
  id: number;
  key: string;
  /** The language's own name (the server's language list holds endonyms). */
  name: string;
}

/** SPEC §9 menu popup defaults: overlap trigger on, x-position after, y-position below. */
export const POPOVER_DEFAULTS = { overlapTrigger: true, xPosition: 'after', yPosition: 'below' } as const;

export interface Listi18nPopoverProps {
  languages: readonly PopoverLanguage[];
  /** The language shown as chosen (menuitemradio checked). */
  selectedId?: number | null;
  onSelect: (language: PopoverLanguage) => void;
  /** Accessible name of the menu. */
  label: string;
  /** The trigger button's content. */
  children: ReactNode;
  disabled?: boolean;
  overlapTrigger?: boolean;
  xPosition?: 'before' | 'after';
  yPosition?: 'above' | 'below';
}

/**
 * The language picker popover lists use to pick the language of their texts (Listi18nPopoverPage):
 * a trigger button and an ion-popover with one menu item per language. The popover is created
 * through popoverController with a container element that React renders the items into (a
 * portal: the items keep React's context and events, and Ionic may move the container freely).
 * Positions follow SPEC §9's menu defaults: opening below, extending after the trigger's start,
 * covering the trigger.
 */
export function Listi18nPopover({
  languages,
  selectedId,
  onSelect,
  label,
  children,
  disabled,
  overlapTrigger = POPOVER_DEFAULTS.overlapTrigger,
  xPosition = POPOVER_DEFAULTS.xPosition,
  yPosition = POPOVER_DEFAULTS.yPosition,
}: Listi18nPopoverProps) {
  const { t } = useTranslation();
  const [container] = useState(() => document.createElement('div'));
  const [open, setOpen] = useState(false);
  const popover = useRef<HTMLIonPopoverElement | null>(null);

  // A popover still open when the component goes (page left) is closed with it.
  useEffect(() => () => void popover.current?.dismiss().catch(() => undefined), []);

  const show = async (event: MouseEvent<HTMLButtonElement>) => {
    const trigger = event.currentTarget;
    // the previous popover is still closing (an open one covers the trigger): open after it
    if (popover.current) await popover.current.onDidDismiss();
    if (popover.current) return;
    flushSync(() => setOpen(true)); // the items are in the container before Ionic measures it
    const below = yPosition === 'below';
    const after = xPosition === 'after';
    // The popover hangs from one point of the trigger: its start edge (x after) or end edge
    // (x before); its top when it overlaps and opens below, its bottom when it does not (and the
    // other way round above). Ionic still keeps it inside the window.
    const rect = trigger.getBoundingClientRect();
    const created = await popoverController.create({
      component: container,
      event: new MouseEvent('click', {
        clientX: after ? rect.left : rect.right,
        clientY: below === overlapTrigger ? rect.top : rect.bottom,
      }),
      reference: 'event',
      side: below ? 'bottom' : 'top',
      alignment: after ? 'start' : 'end',
      arrow: false,
      cssClass: 'listi18n-popover',
    });
    popover.current = created;
    await created.present();
    await created.onDidDismiss();
    popover.current = null;
    setOpen(false);
    if (trigger.isConnected) trigger.focus();
  };

  const choose = (language: PopoverLanguage) => {
    onSelect(language);
    void popover.current?.dismiss(language, 'select');
  };

  return (
    <>
      <button
        type="button"
        className="app-button app-button-outline popover-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={(e) => void show(e)}
      >
        <Icon icon={languageOutline} />
        <span>{children}</span>
      </button>
      {open &&
        createPortal(
          <div className="popover-menu" role="menu" aria-label={label}>
            {languages.length === 0 && <p className="popover-menu-empty">{t('LISTI18N.EMPTY')}</p>}
            {languages.map((l) => (
              <button
                key={l.id}
                type="button"
                role="menuitemradio"
                aria-checked={l.id === selectedId}
                lang={l.key}
                className="popover-menu-item"
                onClick={() => choose(l)}
              >
                {l.name}
              </button>
            ))}
          </div>,
          container,
        )}
    </>
  );
}
