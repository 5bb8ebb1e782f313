import { listResponseSchema, PushDeviceViewSchema, type PushDeviceView } from '@spotlist/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deletePushDevice } from '../../../lib/push';

const DeviceListSchema = listResponseSchema(PushDeviceViewSchema);

/** GET /api/pushdevice/list: every device of the logged-in user (never another's). */
export async function getPushDevices(): Promise<PushDeviceView[]> {
  return (await api.request('/pushdevice/list', { schema: DeviceListSchema })).list;
}

export const pushDevicesQueryOptions = () => queryOptions({ queryKey: ['push-devices'], queryFn: getPushDevices });

export const usePushDevices = () => useQuery(pushDevicesQueryOptions());

/** DELETE /api/pushdevice/delete/{id}; the list is asked again afterwards. */
export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deletePushDevice(id),
    onSettled: () => client.invalidateQueries({ queryKey: pushDevicesQueryOptions().queryKey }),
  });
}
