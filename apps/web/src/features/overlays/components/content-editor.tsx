import { OVERLAY_TEXT_BUDGET, type OverlayLanguageView, type OverlayView } from '@spotlist/contracts';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { AiInline } from '../../../components/ai/ai-inline';
import { AiTranslateButton } from '../../../components/ai/ai-translate-button';
import { PlainSelect } from '../../../components/plain-select';
import { TextInput } from '../../../components/text-input';
import { formatDateTime } from '../../../lib/format';
import { languageNameKey } from '../../../lib/language';
import { useDeleteLanguage, useFetchLanguage, useOverlayLanguage, useSaveContent } from '../api/overlays';
import { cellState } from '../overlay-paths';
import { apiButtons, ButtonsEditor, editButtons, type EditButton } from './buttons-editor';
import { StateBadge } from './language-grid';
import { OverlayPicture } from './overlay-picture';
import { OverlayPreview } from './overlay-preview';

/** TipTap loads with the first editor opened. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

interface Draft {
  title: string;
  html: string;
  imageDocumentId: number | null;
  buttons: EditButton[];
}

const draftOf = (c: OverlayLanguageView['draft']): Draft => ({
  title: c.title,
  html: c.html,
  imageDocumentId: c.imageDocumentId,
  buttons: editButtons(c.buttons),
});

/** The editor's box while TipTap loads: the editor takes its place, nothing below moves. */
function EditorLoading() {
  const { t } = useTranslation();
  return <div className="rich-text rich-text-loading loading-box" role="status" aria-label={t('COMMON.LOADING')} />;
}

/**
 * One language of an overlay: its title, rich text, picture and buttons, "Save draft" and
 * "Publish" (what is shown is what is published), "copy from" another language, and removing the
 * language. A language the overlay lacks starts empty (or copied) and exists once saved.
 * `onDirty` tells the page whether there are unsaved changes and how to drop them (SPEC §4).
 */
export function ContentEditor({
  overlay,
  lang,
  onDirty,
  onDeleted,
}: {
  overlay: OverlayView;
  lang: string;
  onDirty: (dirty: boolean, discard: () => void) => void;
  onDeleted: (whole: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const state = cellState(overlay, lang);
  const exists = state !== 'missing';
  const loaded = useOverlayLanguage(overlay.id, lang, exists);
  const save = useSaveContent(overlay.id, lang);
  const remove = useDeleteLanguage();
  const fetchLanguage = useFetchLanguage();
  // the unsaved edits (null: none; what is shown is then the saved draft)
  const [edit, setEdit] = useState<Draft | null>(null);
  // a new editor (TipTap) when the text is replaced from outside: copied, discarded, saved
  const [version, setVersion] = useState(0);
  const others = overlay.languages.map((l) => l.language).filter((l) => l !== lang);
  const [copyFrom, setCopyFrom] = useState(others[0] ?? '');
  const source = others.includes(copyFrom) ? copyFrom : (others[0] ?? '');

  const server = loaded.data;
  const base: Draft | null = exists
    ? server
      ? draftOf(server.draft)
      : null
    : { title: overlay.name, html: '', imageDocumentId: null, buttons: [] };
  const draft = edit ?? base;
  const dirty = edit !== null;
  const replace = (next: Draft | null) => {
    setEdit(next);
    setVersion((v) => v + 1);
  };
  const discard = () => replace(null);
  useEffect(() => onDirty(dirty, discard));

  const change = (patch: Partial<Draft>) => setEdit((d) => ({ ...(d ?? base!), ...patch }));
  const contentOf = (d: Draft) => ({ title: d.title, html: d.html, imageDocumentId: d.imageDocumentId, buttons: apiButtons(d.buttons) });
  const send = (publish: boolean) => {
    if (!draft) return;
    save.mutate({ content: contentOf(draft), publish }, { onSuccess: () => replace(null) });
  };
  /** Before "Translate to all languages": unsaved text is saved as the draft, so what is translated is what is shown. */
  const saveFirst = async () => {
    if (!dirty || !draft) return;
    await save.mutateAsync({ content: contentOf(draft), publish: false });
    replace(null);
  };
  const copy = async () => {
    if (!source) return;
    const from = await fetchLanguage(overlay.id, source);
    replace(draftOf(from.draft));
  };
  const removeLanguage = async () => {
    // ion-alert loads with the first question (components/ionic/alert)
    const { presentAlert } = await import('../../../components/ionic/alert');
    const { role } = await presentAlert({
      header: t('OVERLAYS.DELETE_LANGUAGE'),
      message: t(overlay.languages.length === 1 ? 'OVERLAYS.DELETE_LAST_CONFIRM' : 'OVERLAYS.DELETE_LANGUAGE_CONFIRM', {
        language: t(languageNameKey(lang)),
        name: overlay.name,
      }),
      buttons: [
        { text: t('COMMON.CANCEL'), role: 'cancel' },
        { text: t('OVERLAYS.DELETE'), role: 'confirm' },
      ],
    });
    if (role !== 'confirm') return;
    remove.mutate({ id: overlay.id, lang }, { onSuccess: (answer) => onDeleted(answer.deleted === 'overlay') });
  };

  if (exists && loaded.isError) return <p role="alert">{t('OVERLAYS.LOAD_FAILED')}</p>;
  if (!draft) return <EditorLoading />;
  const busy = save.isPending || remove.isPending;
  const languageName = t(languageNameKey(lang));
  return (
    <div className="overlay-editor">
      <div className="overlay-editor-form">
        <p className="overlay-status" data-testid="language-status">
          <StateBadge state={state} />
          {server?.publishedAt && (
            <span className="form-hint">{t('OVERLAYS.PUBLISHED_AT', { date: formatDateTime(server.publishedAt, i18n.language) })}</span>
          )}
          {dirty && <span className="overlay-unsaved">{t('OVERLAYS.UNSAVED')}</span>}
        </p>
        {!exists && <p className="form-hint">{t('OVERLAYS.NEW_LANGUAGE', { language: languageName })}</p>}
        {others.length > 0 && (
          <div className="overlay-copy">
            <PlainSelect
              label={t('OVERLAYS.COPY_FROM')}
              value={source}
              onValue={setCopyFrom}
              options={others.map((l) => ({ value: l, label: t(languageNameKey(l)), lang: l }))}
            />
            <button type="button" className="app-button app-button-small app-button-outline" onClick={() => void copy()} disabled={busy}>
              {t('OVERLAYS.COPY')}
            </button>
          </div>
        )}
        <div lang={lang} className="overlay-fields">
          <TextInput
            label={t('OVERLAYS.TITLE_IN', { language: languageName })}
            value={draft.title}
            onValue={(title) => change({ title })}
          />
          <Suspense fallback={<EditorLoading />}>
            <RichTextEditor
              key={`${lang}-${version}`}
              value={draft.html}
              label={t('OVERLAYS.TEXT_IN', { language: languageName })}
              onChange={(html) => change({ html })}
            />
          </Suspense>
          <AiInline
            text={draft.html}
            html
            language={lang}
            kind="overlay"
            maxChars={OVERLAY_TEXT_BUDGET[overlay.format]}
            onUse={(html) => replace({ ...draft, html })}
          />
        </div>
        <OverlayPicture documentId={draft.imageDocumentId} onChange={(imageDocumentId) => change({ imageDocumentId })} />
        <ButtonsEditor buttons={draft.buttons} onChange={(buttons) => change({ buttons })} />
        <div className="button-row overlay-actions" aria-labelledby={`${id}-actions`}>
          <span id={`${id}-actions`} className="visually-hidden">
            {languageName}
          </span>
          <button type="button" className="app-button app-button-outline" disabled={busy || (!dirty && exists)} onClick={() => send(false)}>
            {t('OVERLAYS.SAVE_DRAFT')}
          </button>
          <button type="button" className="app-button" disabled={busy || (!dirty && state === 'published')} onClick={() => send(true)}>
            {t('OVERLAYS.PUBLISH_IN', { language: languageName })}
          </button>
          {exists && (
            <button type="button" className="app-button overlay-delete" disabled={busy} onClick={() => void removeLanguage()}>
              {t('OVERLAYS.DELETE_LANGUAGE')}
            </button>
          )}
        </div>
        <AiTranslateButton kind="overlay" id={overlay.id} from={lang} disabled={busy || (!exists && !dirty)} beforeStart={saveFirst} />
      </div>
      <OverlayPreview format={overlay.format} content={draft} lang={lang} />
    </div>
  );
}
