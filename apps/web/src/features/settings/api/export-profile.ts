import type { ProfileExport } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { useAction } from '../../../lib/use-action';

const isExport = (v: unknown): v is ProfileExport =>
  typeof v === 'object' && v !== null && (v as { format?: unknown }).format === 'spotlist-export';

/** The file name the server gives the download (Content-Disposition): spotlist-export-<id>-<day>.json. */
export const exportFileName = (data: Pick<ProfileExport, 'exportedAt' | 'user'>): string =>
  `spotlist-export-${data.user.id}-${data.exportedAt.slice(0, 10)}.json`;

/**
 * GET /api/myprofile/export (an attachment). The call needs the X-Auth-Token header, so a plain
 * link cannot fetch it: the answer is read and saved as a file by the browser's download (in the
 * native shells: written to Documents and offered with the share sheet; a failure there fails the action).
 */
export async function downloadProfileExport(): Promise<ProfileExport> {
  const data = await api.request<ProfileExport>('/myprofile/export', { guard: isExport });
  await saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), exportFileName(data));
  return data;
}

export const useDownloadProfileExport = () => useAction(downloadProfileExport);
