import { zodResolver } from '@hookform/resolvers/zod';
import { AccountType, profileUpdateSchemaFor, type User } from '@spotlist/contracts';
import { VISIBILITY_LEVELS } from '../../../components/visibility-levels';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '../../../lib/translator';
import { SelectField } from '../../../components/form/select-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { PageLayout } from '../../../components/layout/page-layout';
import { LoadingStatus } from '../../../components/page-loading';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { isApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { PATHS } from '../../../lib/paths';
import { AppLink } from '../../../components/app-link';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { getProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { toFormValues, toProfileBody, type ProfileFormValues } from '../profile-form';

/** The business part (with react-query, the country list, the city search and the map) loads only for businesses. */
const BusinessFields = lazy(() => import('../components/business-fields'));
/** The blogger part too (keeps the page under its size budget). */
const BloggerFields = lazy(() => import('../components/blogger-fields'));
/** Picture and logo uploads (upload queue, picker, progress bar): their own chunk. */
const ProfilePictures = lazy(() => import('../components/profile-pictures'));

/**
 * The profile of each account type (SPEC §3, §5, §6): the common fields for everyone, the
 * business part (industry, address, country, tax id, rooms, locations) or the blogger part (type,
 * gender, birthday). Validated by the contracts' `profileUpdateSchemaFor(accountType)`; the server
 * answers the same keys for what only it can decide (`fields` of error.validation land on the
 * fields). Unsaved changes are registered for the menu (SPEC §4).
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const [user, setUser] = useState<User | null>(null);

  useEffect(() => {
    let live = true;
    getProfile()
      // offline or failing: the session's user holds the same profile
      .catch(() => authStore.getState().user)
      .then((u) => {
        if (live) setUser(u);
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <PageLayout title={t('PROFILE.TITLE')}>
      <p className="form-links">
        <AppLink to={PATHS.profileConnections}>{t('CONNECTIONS.LINK')}</AppLink>
      </p>
      {user ? <ProfileForm user={user} /> : <LoadingStatus />}
    </PageLayout>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const type = user.accountType.id;
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const resolver = useMemo(
    // raw: the body is built from the form's values (a picked city stays a place), the schema only judges them
    () => zodResolver(profileUpdateSchemaFor(type) as z.ZodType<unknown, ProfileFormValues>, undefined, { raw: true }),
    [type],
  );
  const form = useForm<ProfileFormValues>({ resolver, defaultValues: toFormValues(user) });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = form;

  // SPEC §4: the menu asks before leaving unsaved changes; "No" drops them
  useUnsavedChanges(PATHS.profile, isDirty, () => reset());

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await update.run(toProfileBody(values, user, authStore.getState().stored?.authtoken));
      reset(toFormValues(next));
      setSaved(true);
    } catch (error) {
      // the shell shows the toast (SPEC §8); the fields the server refused show their key
      if (isApiError(error)) {
        for (const f of error.fields ?? []) {
          setError(f.path.replace(/^body\./, '') as FieldPath<ProfileFormValues>, { message: f.key }, { shouldFocus: true });
        }
      }
    }
  });

  return (
    <>
      <h1>{t('PROFILE.HEADING')}</h1>
      <p className="form-hint">
        {t('PROFILE.ACCOUNT_TYPE')}: <strong>{t(accountTypeLabelKey(type))}</strong>
      </p>
      <Suspense fallback={<p className="form-hint">{t('COMMON.LOADING')}</p>}>
        <ProfilePictures user={user} />
      </Suspense>
      <form onSubmit={onSubmit} noValidate className="form">
        <section className="form-section" aria-labelledby="profile-account">
          <h2 id="profile-account">{t('PROFILE.ACCOUNT')}</h2>
          <TextField control={control} name="email" label={t('FORM.EMAIL')} type="email" inputmode="email" autocomplete="email" />
          <TextField control={control} name="nickname.value" label={t('FORM.NICKNAME')} autocomplete="nickname" />
        </section>
        <section className="form-section" aria-labelledby="profile-about">
          <h2 id="profile-about">{t('PROFILE.ABOUT')}</h2>
          <div className="form-row">
            <TextField control={control} name="name.firstname" label={t('PROFILE.FIRSTNAME')} autocomplete="given-name" />
            <TextField control={control} name="name.lastname" label={t('PROFILE.LASTNAME')} autocomplete="family-name" />
          </div>
          <SelectField
            control={control}
            name="name.visibility"
            label={t('PROFILE.NAME_VISIBILITY')}
            choices={VISIBILITY_LEVELS.map(([value, key]) => ({ value, label: t(key) }))}
          />
          <TextAreaField control={control} name="description" label={t('PROFILE.DESCRIPTION')} maxLength={2000} />
          <TextField control={control} name="homepageUrl" label={t('PROFILE.HOMEPAGE')} type="url" inputmode="url" autocomplete="url" />
        </section>
        {type === AccountType.business && (
          <Suspense fallback={<p className="form-hint">{t('COMMON.LOADING')}</p>}>
            <BusinessFields form={form} />
          </Suspense>
        )}
        {type === AccountType.blogger && (
          <Suspense fallback={<p className="form-hint">{t('COMMON.LOADING')}</p>}>
            <BloggerFields control={control} />
          </Suspense>
        )}
        {saved && !isDirty && (
          <p className="form-success" role="status">
            {t('PROFILE.SAVED')}
          </p>
        )}
        <div className="button-row">
          <button type="button" className="app-button app-button-outline" disabled={!isDirty} onClick={() => reset()}>
            {t('PROFILE.DISCARD')}
          </button>
          <button type="submit" className="app-button" disabled={update.isPending}>
            {t('PROFILE.SAVE')}
          </button>
        </div>
      </form>
    </>
  );
}
