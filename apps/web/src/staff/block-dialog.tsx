import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { StaffErrorCode } from '@clubhouse/contract/constants'
import { StaffBlockClash, staffBlockRoutes, type StaffBlock, type StaffDay } from '@clubhouse/contract/server'
import { TextField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { Dialog } from '../components/ui/dialog.tsx'
import { ApiError } from '../lib/api-error.ts'
import { FormError, FormProblem, useStaffSubmit } from './staff-form.tsx'
import { callStaff } from './staff-session.ts'
import { hourMinute, minuteOf } from './schedule-time.ts'
import { ResourceField, type BookingStart } from './book-dialog.tsx'
import './staff-texts.ts'

const Clashes = z.array(StaffBlockClash)

/** The bookings and blocks a refused block names (409 `block_clash`, `data.clashes`); none otherwise. */
export function clashesOf(error: unknown): StaffBlockClash[] {
  if (!(error instanceof ApiError) || error.code !== StaffErrorCode.blockClash) return []
  const parsed = Clashes.safeParse(error.data?.clashes)
  return parsed.success ? parsed.data : []
}

/**
 * A no-online block taken at the desk (issue 23, item 5): a resource of the day, its time and
 * reason, once or each week up to a day. Where a booking or another block stands in the way the
 * server refuses the whole of it and lists them, and so does the form.
 */
export function BlockDialog({
  day,
  start,
  onClose,
  onBlocked,
}: {
  day: StaffDay
  start: BookingStart
  onClose: () => void
  onBlocked: (blocks: StaffBlock[]) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [resourceId, setResourceId] = useState(String(start.resourceId))
  const [date, setDate] = useState(day.date)
  const [from, setFrom] = useState(hourMinute(start.minute))
  const [until, setUntil] = useState(hourMinute(Math.min(1440, start.minute + 60) % 1440))
  const [note, setNote] = useState('')
  const [repeatUntil, setRepeatUntil] = useState('')
  const [clashes, setClashes] = useState<StaffBlockClash[]>([])

  const submit = useStaffSubmit(async () => {
    setClashes([])
    const startMinute = minuteOf(from)
    const endMinute = minuteOf(until, { asEnd: true })
    if (startMinute === undefined || endMinute === undefined || endMinute <= startMinute) {
      throw new FormProblem(t('staff.block.endAfterStart'))
    }
    try {
      const { model } = await callStaff(staffBlockRoutes.staffBlockAdd, {
        body: {
          resourceId: Number(resourceId),
          date,
          startMinute,
          endMinute,
          note,
          repeatWeeklyUntil: repeatUntil || undefined,
        },
      })
      await queryClient.invalidateQueries({ queryKey: ['staff', 'schedule'] })
      onBlocked(model.blocks)
    } catch (error) {
      const found = clashesOf(error)
      if (found.length === 0) throw error
      setClashes(found)
      throw new FormProblem(t('staff.block.clashLead'))
    }
  })

  return (
    <Dialog open onClose={onClose} title={t('staff.block.title')} closeLabel={t('staff.schedule.close')}>
      <form className="staff-form book-form" onSubmit={(e) => void submit.onSubmit(e)} noValidate>
        <div className="book-form__row">
          <ResourceField id="block-resource" day={day} value={resourceId} onValueChange={setResourceId} />
          <TextField
            id="block-date"
            type="date"
            label={t('staff.block.date')}
            value={date}
            onValueChange={setDate}
            required
          />
        </div>
        <div className="book-form__row">
          <TextField
            id="block-start"
            type="time"
            label={t('staff.block.start')}
            value={from}
            onValueChange={setFrom}
            step={300}
            required
          />
          <TextField
            id="block-end"
            type="time"
            label={t('staff.block.end')}
            value={until}
            onValueChange={setUntil}
            step={300}
            required
          />
        </div>
        <TextField
          id="block-note"
          label={t('staff.block.reason')}
          hint={t('staff.block.reasonHint')}
          value={note}
          onValueChange={setNote}
          maxLength={200}
          required
        />
        <TextField
          id="block-repeat"
          type="date"
          label={t('staff.block.repeat')}
          hint={t('staff.block.repeatHint')}
          value={repeatUntil}
          onValueChange={setRepeatUntil}
          min={date}
        />
        <FormError error={submit.error} />
        {clashes.length > 0 && (
          <ul className="block-form__clashes" aria-label={t('staff.block.clashLead')}>
            {clashes.map((c) => (
              <li key={`${c.kind}-${c.blockId}`}>
                <strong>
                  {c.date} {c.time}
                </strong>{' '}
                · {c.resourceName} ·{' '}
                {c.kind === 'booking'
                  ? t('staff.block.clashBooking', { id: c.bookingId, name: c.customerName ?? '' })
                  : t('staff.block.clashBlock', { note: c.note })}
              </li>
            ))}
          </ul>
        )}
        <Button type="submit" busy={submit.busy} busyLabel={t('common.loading')}>
          {t('staff.block.confirm')}
        </Button>
      </form>
    </Dialog>
  )
}
