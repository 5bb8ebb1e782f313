import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../lib/translator';
import { hasNativeCamera, takeNativePicture, type PictureSource } from '../lib/camera';
import { prepareImage } from '../lib/image-reencode';
import './uploads.css';

/**
 * Picks a picture (SPEC §9): a button opens an action sheet with "Photo library" and "Camera"; the
 * native shell asks the Camera plugin, a browser opens a file input (the camera one with
 * `capture`). Raster images come back upright, re-encoded as JPEG 0.92; SVG as it is.
 * Reusable: `onPicked` receives the file to upload.
 */
export function PicturePicker({
  label,
  onPicked,
  disabled = false,
  className = 'app-button app-button-outline',
}: {
  /** The button's text (what is picked: "Change picture"). */
  label: string;
  onPicked(file: File): void;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const library = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);

  const take = async (file: File | null | undefined) => {
    if (!file) return;
    setPreparing(true);
    try {
      onPicked(await prepareImage(file));
    } finally {
      setPreparing(false);
    }
  };

  const choose = async () => {
    const { presentActionSheet } = await import('./ionic/action-sheet');
    const role = await presentActionSheet(t('PICTURE.CHOOSE_SOURCE'), [
      { text: t('PICTURE.FROM_LIBRARY'), role: 'photos' },
      { text: t('PICTURE.FROM_CAMERA'), role: 'camera' },
      { text: t('COMMON.CANCEL'), role: 'cancel' },
    ]);
    if (role !== 'photos' && role !== 'camera') return;
    const source: PictureSource = role;
    if (hasNativeCamera()) await take(await takeNativePicture(source));
    else (source === 'camera' ? camera : library).current?.click();
  };

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // the same file picked again must fire a change again
    e.target.value = '';
    void take(file);
  };

  return (
    <span className="picture-picker">
      <button type="button" className={className} disabled={disabled || preparing} onClick={() => void choose()}>
        {label}
      </button>
      <input ref={library} type="file" accept="image/*" hidden aria-label={t('PICTURE.FROM_LIBRARY')} onChange={onInput} />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={t('PICTURE.FROM_CAMERA')}
        onChange={onInput}
      />
      {preparing && (
        <span className="form-hint" role="status">
          {t('PICTURE.PREPARING')}
        </span>
      )}
    </span>
  );
}
