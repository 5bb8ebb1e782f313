import type { OverlayButton, OverlayFormat } from '@spotlist/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { documentThumb } from './overlay-picture';

export interface PreviewContent {
  title: string;
  html: string;
  imageDocumentId: number | null;
  buttons: Pick<OverlayButton, 'label'>[];
}

/**
 * The overlay as a visitor would see it, over a sketched page, in a phone or a desktop frame. It
 * follows every keystroke. The text is the editor's own HTML (its schema holds only the allowed
 * tags) or the server's sanitized HTML; nothing in it runs (the app's policy has no inline
 * script). Buttons are drawn, not followed.
 */
export function OverlayPreview({ format, content, lang }: { format: OverlayFormat; content: PreviewContent; lang: string }) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<'phone' | 'desktop'>('phone');
  return (
    <section className="overlay-preview" aria-label={t('OVERLAYS.PREVIEW')} data-testid="overlay-preview">
      <div className="row-actions" role="group" aria-label={t('OVERLAYS.PREVIEW_DEVICE')}>
        {(['phone', 'desktop'] as const).map((d) => (
          <button
            key={d}
            type="button"
            className={d === device ? 'app-button app-button-small' : 'app-button app-button-small app-button-outline'}
            aria-pressed={d === device}
            onClick={() => setDevice(d)}
          >
            {t(d === 'phone' ? 'PREVIEW.PHONE' : 'PREVIEW.DESKTOP')}
          </button>
        ))}
      </div>
      <div className={`overlay-device overlay-device-${device}`} data-testid={`preview-${device}`}>
        <div className="overlay-page" aria-hidden="true">
          <span className="overlay-page-bar" />
          <span className="overlay-page-line" />
          <span className="overlay-page-line overlay-page-line-short" />
          <span className="overlay-page-block" />
          <span className="overlay-page-line" />
          <span className="overlay-page-line overlay-page-line-short" />
        </div>
        <div className={`overlay-sample overlay-sample-${format}`} lang={lang}>
          <div className="overlay-sample-card">
            <span className="overlay-sample-close" aria-hidden="true">
              ×
            </span>
            {content.imageDocumentId !== null && format !== 'topBar' && format !== 'bottomBar' && (
              <img className="overlay-sample-image" src={documentThumb(content.imageDocumentId)} alt="" />
            )}
            {content.title && <strong className="overlay-sample-title">{content.title}</strong>}
            {content.html && <div className="overlay-sample-text" dangerouslySetInnerHTML={{ __html: content.html }} />}
            {content.buttons.length > 0 && (
              <span className="overlay-sample-buttons">
                {content.buttons.map((b, i) => (
                  <span key={i} className={i === 0 ? 'overlay-sample-button' : 'overlay-sample-button overlay-sample-button-second'}>
                    {b.label || '…'}
                  </span>
                ))}
              </span>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
