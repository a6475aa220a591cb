import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { staffMoveRoutes, type StaffDay, type StaffScheduleItem } from '@clubhouse/contract/server'
import { contractResponse, errorResponse, fakeServer } from '../test/fake-server.ts'
import { renderWithApp } from '../test/render.tsx'
import { MoveDialog } from './move-dialog.tsx'
import { saveStaffToken } from './staff-session.ts'

const day: StaffDay = {
  date: '2030-01-08',
  today: '2030-01-07',
  zone: 'Europe/Madrid',
  resourceTypes: [{ id: 1, name: 'Padel' }],
  resourceTypeId: 1,
  resources: [
    { id: 11, name: 'Court 1', slotMinutes: 30, opening: [{ opensMinute: 480, closesMinute: 1320 }] },
    { id: 12, name: 'Court 2', slotMinutes: 30, opening: [{ opensMinute: 480, closesMinute: 1320 }] },
  ],
  bookingTypes: [{ id: 3, name: 'Padel', durations: [60], isOnline: true, followUps: [] }],
  firstMinute: 480,
  lastMinute: 1320,
  items: [],
}

const item: StaffScheduleItem = {
  kind: 'booking',
  id: 40,
  resourceId: 11,
  startMinute: 600,
  endMinute: 660,
  startsAt: '2030-01-08T09:00:00.000Z',
  endsAt: '2030-01-08T10:00:00.000Z',
  title: 'Padel',
  seriesId: null,
  customer: { id: 5, name: 'Ana García', phone: '', email: 'ana@example.com' },
  priceCents: 1200,
  holdExpiresAt: null,
  participants: null,
  maxParticipants: null,
  waiting: null,
}

const path = staffMoveRoutes.staffMoveBooking.path.replace(':id', '40')

beforeEach(() => saveStaffToken('desk-token'))

describe('a booking moved at the desk', () => {
  it('starts from where the booking stands, shows the refusal of a taken time, then moves it', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    fakeServer({
      [path]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)))
        if (sent.length === 1) {
          return errorResponse(
            409,
            'slot_taken',
            'This time was just booked by someone else. Please choose another.',
          )
        }
        return contractResponse(staffMoveRoutes.staffMoveBooking, {
          ok: true,
          model: {
            bookingId: 40,
            startsAt: '2030-01-09T17:00:00.000Z',
            endsAt: '2030-01-09T18:00:00.000Z',
            resourceId: 12,
            priceCents: 1200,
            description: 'Padel 60 min — Court 2 (09/01/2030 18:00)',
          },
        })
      },
    })
    const onMoved = vi.fn()
    renderWithApp(<MoveDialog day={day} item={item} onClose={() => {}} onMoved={onMoved} />)
    expect(screen.getByText(/Padel of Ana García, now 10:00–11:00 \(60 min\)/)).toBeTruthy()
    expect((screen.getByLabelText(/^Day/) as HTMLInputElement).value).toBe('2030-01-08')
    expect((screen.getByLabelText(/^Start/) as HTMLInputElement).value).toBe('10:00')
    expect((screen.getByLabelText(/^Resource/) as HTMLSelectElement).value).toBe('11')

    await user.selectOptions(screen.getByLabelText(/^Resource/), 'Court 2')
    await user.click(screen.getByRole('button', { name: 'Move the booking' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This time was just booked by someone else. Please choose another.',
    )
    expect(onMoved).not.toHaveBeenCalled()

    await user.clear(screen.getByLabelText(/^Day/))
    await user.type(screen.getByLabelText(/^Day/), '2030-01-09')
    await user.clear(screen.getByLabelText(/^Start/))
    await user.type(screen.getByLabelText(/^Start/), '18:00')
    await user.click(screen.getByRole('button', { name: 'Move the booking' }))
    await vi.waitFor(() => expect(onMoved).toHaveBeenCalledOnce())
    expect(sent).toEqual([
      { start: '2030-01-08 10:00', resourceId: 12 },
      { start: '2030-01-09 18:00', resourceId: 12 },
    ])
  })
})
