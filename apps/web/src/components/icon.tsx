/**
 * An ionicons icon (the `ionicons/icons` constants) drawn inline, without the ion-icon web
 * component: the shell needs a dozen icons, and ion-icon's runtime (~11 KB gzip) is more than
 * all of them. The markup comes from the ionicons package at build time (never from user data),
 * so inserting it is safe. Styles: .app-icon in theme/app.css (those of ion-icon).
 */
const PREFIX = 'data:image/svg+xml;utf8,';

export function Icon({ icon, className }: { icon: string; className?: string }) {
  const markup = icon.startsWith(PREFIX) ? icon.slice(PREFIX.length) : '';
  return (
    <span className={className ? `app-icon ${className}` : 'app-icon'} aria-hidden="true" dangerouslySetInnerHTML={{ __html: markup }} />
  );
}
