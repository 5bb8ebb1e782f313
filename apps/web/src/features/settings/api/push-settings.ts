import { PushSettingsSchema, type PushSettings } from '@spotlist/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/pushsettings: what may be sent to all of this user's devices, and when. */
export const getPushSettings = (): Promise<PushSettings> => api.request('/pushsettings', { schema: PushSettingsSchema });

export const pushSettingsQueryOptions = () => queryOptions({ queryKey: ['push-settings'], queryFn: getPushSettings });

export const usePushSettings = () => useQuery(pushSettingsQueryOptions());

/** The IANA time zone quiet hours are counted in: this browser's (or phone's). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** POST /api/pushsettings/update with the whole object; the time zone is always the browser's. */
export const updatePushSettings = (settings: PushSettings): Promise<PushSettings> =>
  api.request('/pushsettings/update', {
    method: 'POST',
    body: { ...settings, timeZone: browserTimeZone() },
    schema: PushSettingsSchema,
  });

/**
 * A change shows at once (the switch follows the click) and goes back to the stored value when
 * the save fails (the shell shows the error toast).
 */
export function useUpdatePushSettings() {
  const client = useQueryClient();
  const { queryKey } = pushSettingsQueryOptions();
  return useMutation({
    mutationFn: updatePushSettings,
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey });
      const previous = client.getQueryData(queryKey);
      client.setQueryData(queryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) client.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => client.setQueryData(queryKey, saved),
  });
}
