import { useState } from 'react';
import { AiMark } from './ai-mark';
import { useTranslation } from '../../lib/translator';
import { isApiError } from '../../lib/api-client';
import { aiReviewPath, startTranslation, useAiOffered } from '../../lib/ai';
import { useAppNavigate } from '../../lib/navigation';

/**
 * "✨ Translate to all languages" on an overlay language or a widget's texts: drafts in every
 * other language (one job each, nothing published) and the review page. Shown only to a user with
 * the assistant (flag and a configured provider). `beforeStart` saves unsaved text first, so what
 * is translated is what the business sees.
 */
export function AiTranslateButton({
  kind,
  id,
  from,
  disabled,
  beforeStart,
}: {
  kind: 'overlay' | 'widget';
  id: number;
  from: string;
  disabled?: boolean;
  beforeStart?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const offered = useAiOffered();
  const navigate = useAppNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (!offered) return null;
  const start = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await beforeStart?.();
      const run = await startTranslation(kind, id, from);
      navigate(aiReviewPath(run.id), 'forward');
    } catch (error) {
      setFailed(isApiError(error) ? `ERROR.${error.key}` : 'AI_REVIEW.START_FAILED');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ai-translate">
      <button type="button" className="app-button app-button-outline" disabled={busy || disabled} onClick={() => void start()}>
        <AiMark />
        {t('AI_REVIEW.TRANSLATE_ALL')}
      </button>
      <p className="form-hint">{t('AI_REVIEW.TRANSLATE_ALL_HINT')}</p>
      {failed && <p role="alert">{t(failed)}</p>}
    </div>
  );
}
