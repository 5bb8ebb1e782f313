import crypto from 'node:crypto';
import { GUEST_KEY_HEADER, RESUMABLE_UPLOAD_PATH } from '@spotlist/contracts';
import { send, type SweepRequest } from './sweep.ts';
import { LIKE_NAME, WIDGET_SETTING, type Actor, type World } from './world.ts';
import { conversationReads } from './world-messaging.ts';
import { pushReads } from './world-push.ts';
import { externalReads } from './world-external.ts';
import { overlayReads } from './world-overlays.ts';

/**
 * Everything an actor owns, as the actor (or, for public links, anyone) reads it: the "changed
 * nothing" of the sweep is two snapshots being equal. Each URL is read twice, as a client reads it
 * (the response cache may answer) and with a query no cache has seen, so a write that got through
 * shows even where a stale cached answer would hide it, and a cache that kept a stale answer shows too.
 */
export type Snapshot = Map<string, string>;

let bust = 0;
let observed = 0;
/** 10.9.0.1 … 10.9.255.254, one after the other. */
const observerAddress = () => {
  const n = (observed++ % 65_534) + 1;
  return `10.9.${n >> 8}.${n & 255}`;
};

function reads(a: Actor, listings: boolean): SweepRequest[] {
  const o = a.objects;
  const mine = (url: string): SweepRequest => ({ method: 'GET', url, token: a.token, ip: '10.0.9.1' });
  // the observer's visitor reads come from addresses of their own: the guest routes' per-address
  // budget (240 a minute) is the attackers' to meet, and a sweep that runs fast reads more often
  const anon = (url: string, headers?: Record<string, string>): SweepRequest => ({ method: 'GET', url, headers, ip: observerAddress() });
  const docs = [o.docPrivate, o.docPublic, o.placePicture, o.profilePicture, o.uploadDoc, o.poiPicture, o.logo].filter(
    (d): d is number => d !== undefined,
  );
  const r: SweepRequest[] = [
    mine('/api/session/user'),
    mine('/api/myprofile'),
    mine(`/api/place/${o.placePrivate}`),
    mine(`/api/place/${o.placePublic}`),
    mine(`/api/place/${o.placePrivate}/pictures`),
    mine(`/api/list/${o.listPrivate}`),
    mine(`/api/list/${o.listPublic}`),
    mine(`/api/list/${o.likeList}`),
    mine(`/api/list/${o.listPrivate}/shares`),
    mine(`/api/like/${LIKE_NAME}`),
    mine(`/api/setting/${o.setting}`),
    mine(`/api/savedfilter/${o.savedFilter}`),
    ...(o.group ? [mine(`/api/usergroup/${o.group}`)] : []),
    ...conversationReads(a, mine),
    ...pushReads(a, mine),
    ...externalReads(a, mine),
    ...overlayReads(a, mine),
    ...docs.map((d) => mine(`/api/document/${d}`)),
    mine(`/api/document/${o.docPrivate}/file`),
    mine(`/api/document/${o.docPublic}/thumb`),
    mine(`${RESUMABLE_UPLOAD_PATH}/${o.uploadDone}/document`),
    {
      method: 'HEAD',
      url: `${RESUMABLE_UPLOAD_PATH}/${o.uploadOpen}`,
      token: a.token,
      headers: { 'tus-resumable': '1.0.0' },
      ip: '10.0.9.1',
    },
    mine('/api/language/mine'),
    anon(`/api/share/${o.shareToken}`),
    anon('/api/public/guest/likes', { [GUEST_KEY_HEADER]: o.guestKey }),
  ];
  if (o.widgetV1 && o.widgetV2) {
    r.push(
      mine(`/api/widget/${o.widgetV1.id}`),
      mine(`/api/widget/${o.widgetV2.id}`),
      mine(`/api/widget/setting/${WIDGET_SETTING}`),
      mine('/api/guestapp'),
      anon(`/api/public/widget/${o.widgetV2.publicId}`),
      anon(`/api/public/guest-app/${o.guestApp}`),
    );
  }
  if (listings) {
    r.push(
      mine('/api/list/mine'),
      mine('/api/like/default'),
      mine('/api/document/list'),
      mine('/api/document/quota'),
      mine('/api/setting/'),
      mine('/api/savedfilter/'),
      mine('/api/pushdevice/'),
    );
    if (o.widgetV1) r.push(mine('/api/widget/all'));
  }
  return r;
}

/** What a read shows: its status and body (large bodies by hash), ids of sessions and times that move by themselves left out. */
function shown(status: number, body: string, headers: Record<string, unknown>, method: string): string {
  if (method === 'HEAD') return `${status} offset=${String(headers['upload-offset'])}`;
  const text = body.length > 4096 ? `sha256:${crypto.createHash('sha256').update(body).digest('hex')}` : body;
  return `${status} ${text}`;
}

export async function snapshot(w: World, a: Actor, opts: { listings?: boolean } = {}): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const r of reads(a, opts.listings ?? false)) {
    const cached = await send(w.t.app, 'snapshot', r);
    out.set(r.url, shown(cached.status, cached.body, cached.headers, String(r.method)));
    // tus reads no query (and caches nothing)
    if (r.method === 'HEAD') continue;
    const sep = r.url.includes('?') ? '&' : '?';
    const fresh = await send(w.t.app, 'snapshot', { ...r, url: `${r.url}${sep}sweep=${++bust}` });
    out.set(`${r.url} (uncached)`, shown(fresh.status, fresh.body, fresh.headers, String(r.method)));
  }
  return out;
}

/** The reads whose answers differ between two snapshots. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [url, was] of before) {
    const now = after.get(url);
    if (now !== was) out.push(`${url}: ${was.slice(0, 300)}  →  ${String(now).slice(0, 300)}`);
  }
  return out;
}
