import type { Config } from '../../config.ts';

/** What meetings need, read from MEETING_HOST and JITSI_* (README "Configuration"). */
export interface JitsiConfig {
  /** The host whose `external_api.js` the meeting page loads (and the only one its CSP allows). */
  host: string;
  /** JaaS (8x8.vc): room names are `<appId>/<room>`. */
  jaas: boolean;
  /** The public trial host: a moderator must log in, embedded calls end after 5 minutes. */
  publicHost: boolean;
  /** Token authentication; absent: rooms without a token (the public host). */
  jwt?: { appId: string; secret: string };
}

export const PUBLIC_JITSI_HOST = 'meet.jit.si';
const JAAS_HOST = '8x8.vc';

export function jitsiConfig(config: Config): JitsiConfig {
  const host = config.MEETING_HOST.toLowerCase();
  return {
    host,
    jaas: host === JAAS_HOST,
    publicHost: host === PUBLIC_JITSI_HOST,
    ...(config.JITSI_APP_ID && config.JITSI_APP_SECRET ? { jwt: { appId: config.JITSI_APP_ID, secret: config.JITSI_APP_SECRET } } : {}),
  };
}
