import type { ProfileExport } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

const isExport = (v: unknown): v is ProfileExport =>
  typeof v === 'object' && v !== null && (v as { format?: unknown }).format === 'spotlist-export';

/** The file name the server gives the download (Content-Disposition): spotlist-export-<id>-<day>.json. */
export const exportFileName = (data: Pick<ProfileExport, 'exportedAt' | 'user'>): string =>
  `spotlist-export-${data.user.id}-${data.exportedAt.slice(0, 10)}.json`;

/**
 * GET /api/myprofile/export (an attachment). The call needs the X-Auth-Token header, so a plain
 * link cannot fetch it: the answer is read and saved as a file by the browser's download.
 */
export async function downloadProfileExport(): Promise<ProfileExport> {
  const data = await api.request<ProfileExport>('/myprofile/export', { guard: isExport });
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(data);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // after the click has started the download
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return data;
}

export const useDownloadProfileExport = () => useAction(downloadProfileExport);
