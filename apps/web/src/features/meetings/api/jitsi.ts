import type { MeetingJoin } from '@spotlist/contracts';

/**
 * The part of Jitsi's IFrame API the meeting page uses (jitsi.github.io/handbook, "IFrame API"):
 * `new JitsiMeetExternalAPI(domain, options)` builds the call's iframe inside `parentNode`.
 */
export interface JitsiOptions {
  roomName: string;
  jwt?: string;
  parentNode: HTMLElement;
  width: string;
  height: string;
  lang: string;
  userInfo: { displayName: string };
  configOverwrite: Record<string, unknown>;
  interfaceConfigOverwrite: Record<string, unknown>;
}
export interface JitsiApi {
  addListener(event: string, listener: (...args: unknown[]) => void): void;
  dispose(): void;
}
export type JitsiConstructor = new (domain: string, options: JitsiOptions) => JitsiApi;

declare global {
  interface Window {
    JitsiMeetExternalAPI?: JitsiConstructor;
  }
}

const loading = new Map<string, Promise<JitsiConstructor>>();

/**
 * Loads `https://<domain>/external_api.js` once per domain (the page's content security policy
 * allows that host, and no other page's does), answering the constructor it defines.
 */
export function loadJitsi(domain: string, doc: Document = document): Promise<JitsiConstructor> {
  const known = loading.get(domain);
  if (known) return known;
  const p = new Promise<JitsiConstructor>((resolve, reject) => {
    if (window.JitsiMeetExternalAPI) return resolve(window.JitsiMeetExternalAPI);
    const script = doc.createElement('script');
    script.src = `https://${domain}/external_api.js`;
    script.async = true;
    script.onload = () =>
      window.JitsiMeetExternalAPI ? resolve(window.JitsiMeetExternalAPI) : reject(new Error('no JitsiMeetExternalAPI'));
    script.onerror = () => reject(new Error(`could not load ${script.src}`));
    doc.head.appendChild(script);
  });
  // a failure may be passing (offline): the next attempt loads again
  p.catch(() => loading.delete(domain));
  loading.set(domain, p);
  return p;
}

/** The IFrame API's options for a join answer (the JWT only when the server signed one). */
export function jitsiOptions(join: MeetingJoin, parentNode: HTMLElement, lang: string): JitsiOptions {
  return {
    roomName: join.roomName,
    ...(join.jwt ? { jwt: join.jwt } : {}),
    parentNode,
    width: '100%',
    height: '100%',
    lang,
    userInfo: { displayName: join.displayName },
    configOverwrite: { prejoinConfig: { enabled: true }, disableDeepLinking: true },
    interfaceConfigOverwrite: { SHOW_JITSI_WATERMARK: false },
  };
}
