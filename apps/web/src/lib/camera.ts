import { CAMERA_QUALITY } from '@spotlist/contracts';
import { isNativePlatform } from './platform';

/**
 * Pictures from the photo library or the camera (ARCHITECTURE: native APIs behind `lib/`
 * wrappers with a web fallback). In the native shell the Capacitor Camera plugin asks (quality
 * CAMERA_QUALITY.inUse, SPEC §9); in a browser the picker's file inputs do (`accept="image/*"`,
 * the camera one with `capture`). The plugin loads only when a native picture is taken.
 */
export type PictureSource = 'photos' | 'camera';

/** The native shells have the camera plugin; a browser has none (lib/platform.ts: nothing to load to find out). */
export const hasNativeCamera = (): boolean => isNativePlatform();

/** Takes or picks a picture natively; null when the user cancelled. */
export async function takeNativePicture(source: PictureSource): Promise<File | null> {
  const { Camera, CameraResultType, CameraSource } = await import('@capacitor/camera');
  let photo;
  try {
    photo = await Camera.getPhoto({
      quality: CAMERA_QUALITY.inUse,
      resultType: CameraResultType.Uri,
      source: source === 'camera' ? CameraSource.Camera : CameraSource.Photos,
      correctOrientation: true,
    });
  } catch (error) {
    // the plugin rejects when the user closes the picker
    console.info('no picture taken', error);
    return null;
  }
  if (!photo.webPath) return null;
  const blob = await (await fetch(photo.webPath)).blob();
  const type = blob.type || `image/${photo.format}`;
  return new File([blob], `picture.${photo.format}`, { type });
}
