import type { TAppAgenda, TAppEvent } from '@panel/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, NETWORK_ERROR, saveBlob } from '../../lib/api';
import { qk } from '../../lib/query-keys';
import { getSession } from '../../lib/session';

export function useAgenda() {
  return useQuery({
    queryKey: qk.events,
    queryFn: () => apiRequest<{ data: TAppAgenda }>('/app/agenda'),
  });
}

interface EventPage {
  data: TAppEvent[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** Ended events, the latest first, paged: Agenda's "Anteriores" once the seller asks for older ones. */
export function usePastEvents(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...qk.events, 'past'],
    queryFn: ({ pageParam }) =>
      apiRequest<EventPage>('/app/events', { query: { period: 'past', page: pageParam, per_page: 10 } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
    enabled,
  });
}

/**
 * The event's .ics from the server (it needs the session's token, so a plain link cannot fetch
 * it): shared to the phone's calendar where the browser can share files, else downloaded.
 */
export async function addToCalendar(event: TAppEvent): Promise<void> {
  let res: Response;
  try {
    res = await fetch(event.ics_url, {
      headers: { Authorization: `Bearer ${getSession()?.token ?? ''}`, Accept: 'text/calendar' },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!res.ok) throw new ApiError(res.status, 'No se pudo descargar el evento');
  const blob = await res.blob();
  const name = `evento-${event.id}.ics`;
  const file = new File([blob], name, { type: 'text/calendar' });
  if (navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: event.title });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  saveBlob(file, name);
}
