import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtimeEvent } from '../../../lib/realtime';
import { OVERVIEW_KEY } from '../api/overview';

/**
 * Keeps the inbox current while it is shown: a new message, an edit, a read or a changed
 * conversation reads the overview again (events arriving together are one read). After a
 * reconnect lib/realtime.ts reads every query again.
 */
export function useLiveOverview(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void client.invalidateQueries({ queryKey: OVERVIEW_KEY });
      }, 50);
    };
    const offs = [
      onRealtimeEvent('message.posted', refresh),
      onRealtimeEvent('message.changed', refresh),
      onRealtimeEvent('conversation.read', refresh),
      onRealtimeEvent('conversation.changed', refresh),
    ];
    return () => {
      offs.forEach((off) => off());
      if (timer !== null) clearTimeout(timer);
    };
  }, [client]);
}
