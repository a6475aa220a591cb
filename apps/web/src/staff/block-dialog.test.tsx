import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { staffBlockRoutes, type StaffDay } from '@clubhouse/contract/server'
import { contractResponse, fakeServer } from '../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../test/render.tsx'
import { BlockDialog } from './block-dialog.tsx'
import { minuteOf } from './schedule-time.ts'
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
  bookingTypes: [],
  firstMinute: 480,
  lastMinute: 1320,
  items: [],
}

const block = {
  id: 90,
  seriesId: 'b6f0c1de-0000-4000-8000-000000000001',
  resourceId: 12,
  resourceName: 'Court 2',
  startsAt: '2030-01-08T09:00:00.000Z',
  endsAt: '2030-01-08T10:30:00.000Z',
  date: '2030-01-08',
  startMinute: 600,
  endMinute: 690,
  note: 'Net repair',
}

beforeEach(() => saveStaffToken('desk-token'))

describe('a block taken at the desk', () => {
  it('reads the time fields, an end at midnight being the end of the day', () => {
    expect([minuteOf('10:00'), minuteOf('00:00'), minuteOf('00:00', { asEnd: true })]).toEqual([600, 0, 1440])
    expect([minuteOf(''), minuteOf('24:00'), minuteOf('9:00')]).toEqual([undefined, undefined, undefined])
  })

  it('lists the bookings and blocks a refused block clashes with, then takes a weekly block', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    fakeServer({
      [staffBlockRoutes.staffBlockAdd.path]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)))
        if (sent.length === 1) {
          return jsonResponse(
            {
              ok: false,
              code: 'block_clash',
              errorMsg: '2030-01-15 10:00–11:00 #12 Ana García',
              data: {
                clashes: [
                  {
                    kind: 'booking',
                    bookingId: 12,
                    blockId: 70,
                    resourceId: 12,
                    resourceName: 'Court 2',
                    date: '2030-01-15',
                    time: '10:00–11:00',
                    customerName: 'Ana García',
                    note: '',
                  },
                  {
                    kind: 'block',
                    bookingId: null,
                    blockId: 71,
                    resourceId: 12,
                    resourceName: 'Court 2',
                    date: '2030-01-22',
                    time: '09:00–12:00',
                    customerName: null,
                    note: 'Tournament',
                  },
                ],
              },
            },
            { status: 409 },
          )
        }
        return contractResponse(staffBlockRoutes.staffBlockAdd, {
          ok: true,
          model: { seriesId: block.seriesId, blocks: [block, { ...block, id: 91, date: '2030-01-15' }] },
        })
      },
    })
    const onBlocked = vi.fn()
    renderWithApp(
      <BlockDialog
        day={day}
        start={{ resourceId: 11, minute: 600 }}
        onClose={() => {}}
        onBlocked={onBlocked}
      />,
    )
    await user.selectOptions(screen.getByLabelText(/^Resource/), 'Court 2')
    await user.clear(screen.getByLabelText(/^Until/))
    await user.type(screen.getByLabelText(/^Until/), '11:30')
    await user.type(screen.getByLabelText(/^Reason/), 'Net repair')
    await user.type(screen.getByLabelText(/^Repeat weekly until/), '2030-01-22')
    await user.click(screen.getByRole('button', { name: 'Block' }))

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This time is not free. Move or cancel these first:',
    )
    const clashes = screen.getByRole('list', { name: 'This time is not free. Move or cancel these first:' })
    expect([...clashes.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '2030-01-15 10:00–11:00 · Court 2 · Booking #12 · Ana García',
      '2030-01-22 09:00–12:00 · Court 2 · Block “Tournament”',
    ])
    expect(onBlocked).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Block' }))
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalledOnce())
    expect(sent[1]).toEqual({
      resourceId: 12,
      date: '2030-01-08',
      startMinute: 600,
      endMinute: 690,
      note: 'Net repair',
      repeatWeeklyUntil: '2030-01-22',
    })
  })

  it('refuses an end before the start before asking the server', async () => {
    const user = userEvent.setup()
    const server = fakeServer({})
    renderWithApp(
      <BlockDialog
        day={day}
        start={{ resourceId: 11, minute: 600 }}
        onClose={() => {}}
        onBlocked={() => {}}
      />,
    )
    await user.clear(screen.getByLabelText(/^Until/))
    await user.type(screen.getByLabelText(/^Until/), '09:00')
    await user.type(screen.getByLabelText(/^Reason/), 'Net repair')
    await user.click(screen.getByRole('button', { name: 'Block' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The end comes after the start.')
    expect(server).not.toHaveBeenCalled()
  })
})
