import { api } from '../../../lib/api-client';

const isQueued = (v: unknown): v is { queued: number } => typeof (v as { queued?: unknown } | null)?.queued === 'number';

/**
 * POST /api/pushdevice/test {}: one test notice to each of the user's devices. Silent: the page
 * says what went wrong (409 error.push.nodevices: no device to send to).
 */
export const sendTestPush = (): Promise<{ queued: number }> =>
  api.request('/pushdevice/test', { method: 'POST', body: {}, guard: isQueued, silent: true });
