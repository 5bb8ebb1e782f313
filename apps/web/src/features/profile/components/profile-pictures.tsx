import { AccountType, UploadStatus, UserSchema, type User } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { PicturePicker } from '../../../components/picture-picker';
import { UploadMessageText, UploadProgress } from '../../../components/upload-progress';
import { updateUser, useAuth } from '../../../lib/auth';
import { useLatestImage } from '../../../lib/image-loader';
import { uploadPicture } from '../../../lib/uploads/picture';
import { isRetryableUpload } from '../../../lib/uploads/transport';
import { useUploadQueue } from '../../../lib/uploads/use-upload-queue';
import { getProfile } from '../api/get-profile';

/** SPEC §7: where a profile picture and a business's logo are uploaded (lib/uploads/picture: multipart, or resumable when big). */
const UPLOAD_PATHS = { picture: '/myprofile/image/update', logo: '/myprofile/logo/update' } as const;

/**
 * The profile picture, and for businesses the logo (SPEC §2, §7): the current thumbnail, a picker
 * (action sheet: photo library or camera) and the upload's progress. A finished upload answers
 * the profile, which replaces the session's user: the side menu shows the new picture.
 * Its own chunk (upload code, ion-progress-bar): the profile page loads it after the form.
 */
export default function ProfilePictures({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <section className="form-section" aria-labelledby="profile-pictures">
      <h2 id="profile-pictures">{t('PROFILE.PICTURES')}</h2>
      <PictureUpload kind="picture" profileId={user.id} />
      {user.accountType.id === AccountType.business && <PictureUpload kind="logo" profileId={user.id} />}
    </section>
  );
}

function PictureUpload({ kind, profileId }: { kind: keyof typeof UPLOAD_PATHS; profileId: number }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const doc = kind === 'picture' ? user?.picturedocument : user?.logodocument;
  const image = useLatestImage(doc?.urlThumb240);
  const { queue, state } = useUploadQueue({
    send: (item, hooks) => uploadPicture(item.file, { path: UPLOAD_PATHS[kind], id: profileId, fileName: item.fileName }, hooks),
    retryable: isRetryableUpload,
    // the answer is the profile with the new document: the session's user carries the new
    // thumbnail (side menu, this preview); an answer that is not a profile → read it again
    onDone: ({ result }) => {
      const answer = UserSchema.safeParse(result);
      if (answer.success) updateUser(answer.data);
      else void getProfile().catch((error: unknown) => console.warn('profile not reloaded after the upload', error));
    },
  });
  const item = state.items.at(-1);
  const title = kind === 'picture' ? t('PROFILE.PICTURE') : t('PROFILE.LOGO');

  // one picture at a time: a new pick replaces what was there (a running upload is cancelled)
  const onPicked = (file: File) => void queue.replaceWith(file);

  const running = item?.status === UploadStatus.Start || item?.status === UploadStatus.Progress;
  return (
    <div className="picture-upload" role="group" aria-label={title}>
      <h3>{title}</h3>
      <div className={kind === 'logo' ? 'picture-preview picture-preview-logo' : 'picture-preview'}>
        {image.status === 'loaded' ? (
          <img src={image.url} alt={title} width={96} height={96} />
        ) : image.status === 'error' ? (
          // SPEC §2: the dummy image when the picture cannot be shown
          <img src="/assets/dummy-user.svg" alt={title} width={96} height={96} />
        ) : (
          <span className="form-hint">
            {image.status === 'loading' ? t('COMMON.LOADING') : kind === 'picture' ? t('PROFILE.NO_PICTURE') : t('PROFILE.NO_LOGO')}
          </span>
        )}
        <PicturePicker
          label={kind === 'picture' ? t('PROFILE.CHANGE_PICTURE') : t('PROFILE.CHANGE_LOGO')}
          onPicked={onPicked}
          disabled={running}
        />
      </div>
      {item && <UploadProgress item={item} onCancel={() => queue.cancel(item.id)} onRetry={() => void queue.retry(item.id)} />}
      <UploadMessageText kind={state.message} />
    </div>
  );
}
