import { IonFooter, IonToolbar } from '@ionic/react';
import { useTranslation } from '../../lib/translator';
import { config } from '../../lib/config';
import { ExternalLink } from '../app-link';

/** SPEC §9: copyright notice range. */
const COPYRIGHT_RANGE = '2016-2019';

/** SPEC §2 footer (logged out or onboarding): home, imprint, privacy and terms. */
export function PageFooter() {
  const { t } = useTranslation();
  return (
    <IonFooter>
      <IonToolbar>
        <nav className="page-footer" aria-label={t('FOOTER.LABEL')}>
          <ExternalLink href={config.homeUrl}>{t('FOOTER.HOME')}</ExternalLink>
          <ExternalLink href={config.imprintUrl}>{t('FOOTER.IMPRINT')}</ExternalLink>
          <ExternalLink href={config.privacyUrl}>{t('FOOTER.PRIVACY')}</ExternalLink>
          <ExternalLink href={config.termsUrl}>{t('FOOTER.TERMS')}</ExternalLink>
          <span className="page-footer-copyright">{t('FOOTER.COPYRIGHT', { range: COPYRIGHT_RANGE })}</span>
        </nav>
      </IonToolbar>
    </IonFooter>
  );
}
