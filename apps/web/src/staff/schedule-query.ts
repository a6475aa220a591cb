import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { staffScheduleRoutes } from '@clubhouse/contract/server'
import { isLocalDate } from '../features/bookings/booking-rules.ts'
import { callStaff } from './staff-session.ts'

/**
 * How often an open desk asks for its day again. The server answers 304 from the day's ETag while
 * nothing changed (its versions, bumped in every write's unit of work on any instance), so another
 * desk's or a customer's change shows within this time, for the price of a header.
 */
export const SCHEDULE_POLL_MS = 1_000

/** What the address asks for: `?date=yyyy-MM-dd&type=<resource type id>`, each optional. */
export interface ScheduleAddress {
  date: string | undefined
  resourceTypeId: number | undefined
}

export function readScheduleAddress(params: URLSearchParams): ScheduleAddress {
  const date = params.get('date') ?? undefined
  const type = Number(params.get('type'))
  return {
    date: isLocalDate(date) ? date : undefined,
    resourceTypeId: Number.isSafeInteger(type) && type > 0 ? type : undefined,
  }
}

/** The day of the address, kept on screen while another day loads and read again every second. */
export function useScheduleDay(address: ScheduleAddress) {
  return useQuery({
    queryKey: ['staff', 'schedule', address.date ?? 'today', address.resourceTypeId ?? 'first'],
    queryFn: async ({ signal }) =>
      (
        await callStaff(staffScheduleRoutes.staffSchedule, {
          query: { date: address.date, resourceTypeId: address.resourceTypeId },
          signal,
        })
      ).data,
    refetchInterval: SCHEDULE_POLL_MS,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: 1,
  })
}
