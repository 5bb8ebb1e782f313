import { useTranslation } from '../../lib/translator';
import { formErrorKey } from '../../lib/validation';

/** The translated error line under a control (for controls without an errorText of their own). */
export function FieldError({ message, id }: { message: string | undefined; id?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p className="field-error" role="alert" id={id}>
      {t(formErrorKey(message))}
    </p>
  );
}
