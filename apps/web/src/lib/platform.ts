/**
 * Where the app runs. The Capacitor shells inject `window.Capacitor` (their native bridge) before
 * the page's scripts run, so asking needs no import of @capacitor/core: the browser's first bundle
 * carries none of it, and the native wrappers (lib/native/) load their plugins only when asked.
 */
export type NativePlatform = 'ios' | 'android' | 'web';

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

const capacitor = (): CapacitorGlobal | undefined => (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;

/** True inside the Android or iOS shell; false in any browser (an installed PWA included). */
export function isNativePlatform(): boolean {
  return capacitor()?.isNativePlatform?.() === true;
}

/** 'ios' or 'android' inside a shell, 'web' everywhere else. */
export function nativePlatform(): NativePlatform {
  if (!isNativePlatform()) return 'web';
  const platform = capacitor()?.getPlatform?.();
  return platform === 'ios' || platform === 'android' ? platform : 'web';
}
