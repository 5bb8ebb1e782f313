import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { THUMB_SIZE, Visibility } from '@spotlist/contracts';
import type { Db } from '../client.ts';
import { documents, users } from '../schema/index.ts';

/**
 * Where the demo pictures' bytes go: the documents module's FileStorage (DATA_DIR/files or S3),
 * handed in by the server (the platform layer does not import modules). `put` consumes the file.
 */
export interface DemoFileStore {
  put(key: string, filePath: string, contentType: string): Promise<void>;
}

/** The demo hotel's brand colour: its logo, its widget and guest app. */
export const DEMO_BRAND_COLOR = '#1b6e5a';

/**
 * Pictures drawn as SVG and rendered by sharp: shapes only, no text (a server may have no fonts).
 * The hotel's logo is a serif "I" over two waves (the Isar); its cover a Munich evening: sky,
 * sun, the Alps, the towers of the Frauenkirche and the river.
 */
const svg = {
  logo: `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="112" fill="${DEMO_BRAND_COLOR}"/>
  <path fill="#ffffff" d="M188 104h136v30h-48v164h48v30H188v-30h48V134h-48z"/>
  <path d="M136 380q30-26 60 0t60 0t60 0t60 0" fill="none" stroke="#bfe6d6" stroke-width="16" stroke-linecap="round"/>
  <path d="M136 420q30-26 60 0t60 0t60 0t60 0" fill="none" stroke="#8fd0b7" stroke-width="16" stroke-linecap="round"/>
</svg>`,
  cover: `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${DEMO_BRAND_COLOR}"/>
      <stop offset="0.4" stop-color="#5fae8f"/>
      <stop offset="0.62" stop-color="#f3d9a4"/>
    </linearGradient>
    <linearGradient id="river" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2f8a72"/>
      <stop offset="1" stop-color="#134f41"/>
    </linearGradient>
  </defs>
  <rect width="960" height="640" fill="url(#sky)"/>
  <circle cx="720" cy="300" r="64" fill="#fff6e0"/>
  <path d="M0 400 L110 320 L190 360 L300 280 L410 350 L520 290 L640 360 L770 300 L880 350 L960 320 V640 H0 Z" fill="#b7d8cb"/>
  <path d="M300 280 L330 302 L312 300 L300 310 L284 296 Z M520 290 L548 310 L530 308 L520 316 L506 304 Z" fill="#ffffff" opacity="0.8"/>
  <path d="M0 470 Q240 420 480 455 T960 440 V640 H0 Z" fill="#3e8f74"/>
  <g fill="#1d5a4a">
    <path d="M340 470 V404 L450 372 L560 404 V470 Z"/>
    <rect x="404" y="262" width="36" height="208"/>
    <rect x="460" y="262" width="36" height="208"/>
    <path d="M404 264 C404 226 440 226 440 264 Z M460 264 C460 226 496 226 496 264 Z"/>
    <rect x="419" y="222" width="6" height="14"/>
    <rect x="475" y="222" width="6" height="14"/>
  </g>
  <path d="M0 560 Q240 500 480 540 T960 520 V640 H0 Z" fill="url(#river)"/>
  <path d="M80 585 q40 -14 80 0 M300 575 q40 -14 80 0 M560 590 q40 -14 80 0 M780 575 q40 -14 80 0" fill="none" stroke="#bfe6d6" stroke-width="6" stroke-linecap="round" opacity="0.8"/>
</svg>`,
  /** A round avatar: a colour and a letter drawn as strokes. */
  avatar: (color: string, letter: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${color}"/>
  <circle cx="128" cy="128" r="92" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"/>
  <path d="${letter}" fill="none" stroke="#ffffff" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`,
};
const LETTER_M = 'M84 176V84l44 58l44-58v92';
const LETTER_A = 'M86 178L128 78l42 100M102 140h52';

interface DemoPicture {
  kind: 'picture' | 'logo';
  fileName: string;
  svg: string;
  format: 'png' | 'jpeg';
}

/** The pictures of each demo account, by e-mail address. */
export const DEMO_PICTURES: Record<string, DemoPicture[]> = {
  'business@demo.spotlist.app': [
    { kind: 'logo', fileName: 'hotel-isarblick-logo.png', svg: svg.logo, format: 'png' },
    { kind: 'picture', fileName: 'hotel-isarblick-cover.jpg', svg: svg.cover, format: 'jpeg' },
  ],
  'blogger@demo.spotlist.app': [{ kind: 'picture', fileName: 'munich-foodie.png', svg: svg.avatar('#c8553d', LETTER_M), format: 'png' }],
  'private@demo.spotlist.app': [{ kind: 'picture', fileName: 'alex.png', svg: svg.avatar('#3d5a80', LETTER_A), format: 'png' }],
};

const newKey = () => crypto.randomBytes(16).toString('hex');

/**
 * Renders the pictures and stores them as the documents module stores an upload (the same keys,
 * file, 240 px thumbnail, public document row with its entity), and points the profile at them.
 */
export async function seedDemoPictures(
  db: Db,
  files: DemoFileStore,
  userIdOf: (email: string) => Promise<number | undefined>,
): Promise<void> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'spotlist-seed-'));
  try {
    for (const [email, pictures] of Object.entries(DEMO_PICTURES)) {
      const userId = await userIdOf(email);
      if (!userId) continue;
      for (const p of pictures) {
        const image = sharp(Buffer.from(p.svg));
        const bytes = p.format === 'png' ? await image.png().toBuffer() : await image.flatten().jpeg({ quality: 88 }).toBuffer();
        const meta = await sharp(bytes).metadata();
        const thumbPng = meta.hasAlpha === true;
        const thumb = await sharp(bytes)
          .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
          .toFormat(thumbPng ? 'png' : 'jpeg', { quality: 85 })
          .toBuffer();
        const ext = p.format === 'png' ? 'png' : 'jpg';
        const mimeType = p.format === 'png' ? 'image/png' : 'image/jpeg';
        const storageKey = `${newKey()}.${ext}`;
        const thumbKey = `${newKey()}-thumb.${thumbPng ? 'png' : 'jpg'}`;
        await fsp.writeFile(path.join(dir, storageKey), bytes);
        await fsp.writeFile(path.join(dir, thumbKey), thumb);
        await files.put(storageKey, path.join(dir, storageKey), mimeType);
        await files.put(thumbKey, path.join(dir, thumbKey), thumbPng ? 'image/png' : 'image/jpeg');
        await db.transaction(async (tx) => {
          const [doc] = await tx
            .insert(documents)
            .values({
              ownerId: userId,
              entityType: p.kind === 'logo' ? 'profile-logo' : 'profile-picture',
              entityId: userId,
              fileName: p.fileName,
              mimeType,
              sizeBytes: bytes.length,
              width: meta.width ?? null,
              height: meta.height ?? null,
              sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
              storageKey,
              thumbKey,
              visibility: Visibility.all,
            })
            .returning({ id: documents.id });
          await tx
            .update(users)
            .set(p.kind === 'logo' ? { logoDocumentId: doc.id } : { pictureDocumentId: doc.id })
            .where(eq(users.id, userId));
        });
      }
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
