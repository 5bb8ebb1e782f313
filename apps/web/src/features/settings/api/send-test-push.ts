import { PushTestResultSchema, type PushTestResult } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /api/pushdevice/test {}: one test notice to each of the user's devices. Silent: the page
 * says what went wrong (409 error.push.nodevices: no device to send to).
 */
export const sendTestPush = (): Promise<PushTestResult> =>
  api.request('/pushdevice/test', { method: 'POST', body: {}, schema: PushTestResultSchema, silent: true });
