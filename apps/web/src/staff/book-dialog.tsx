import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  staffDeskRoutes,
  type StaffBookingMade,
  type StaffCustomerFound,
  type StaffDay,
} from '@clubhouse/contract/server'
import { CheckboxField, SelectField, TextField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { Dialog } from '../components/ui/dialog.tsx'
import { useFormat } from '../features/content/settings.tsx'
import { CustomerPicker } from './customer-picker.tsx'
import { DeskPaymentField, NO_PAYMENT_YET, paymentBody } from './desk-payment.tsx'
import { FormError, FormProblem, useStaffSubmit } from './staff-form.tsx'
import { callStaff } from './staff-session.ts'
import { hourMinute } from './schedule-time.ts'
import './staff-texts.ts'

/** Where a new booking starts: a resource of the day and a minute of it (a cell of the grid). */
export interface BookingStart {
  resourceId: number
  minute: number
}

/**
 * A booking at the desk (issue 23, item 4): the type and its duration on the chosen resource and
 * time, a customer found by name, email or phone or a walk-in's name and phone, the rules' price or
 * one of the desk's with its reason, and how it is settled. The day shows it once it is made.
 */
export function BookDialog({
  day,
  start,
  onClose,
  onBooked,
}: {
  day: StaffDay
  start: BookingStart
  onClose: () => void
  onBooked: (made: StaffBookingMade) => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const queryClient = useQueryClient()
  const types = day.bookingTypes
  const [typeId, setTypeId] = useState(String(types[0]?.id ?? ''))
  const type = types.find((candidate) => String(candidate.id) === typeId)
  const [duration, setDuration] = useState(String(type?.durations[0] ?? ''))
  const [resourceId, setResourceId] = useState(String(start.resourceId))
  const [time, setTime] = useState(hourMinute(start.minute))
  const [walkIn, setWalkIn] = useState(false)
  const [customer, setCustomer] = useState<StaffCustomerFound | null>(null)
  const [walkInName, setWalkInName] = useState('')
  const [walkInPhone, setWalkInPhone] = useState('')
  const [manual, setManual] = useState(false)
  const [price, setPrice] = useState('')
  const [reason, setReason] = useState('')
  const [payment, setPayment] = useState(NO_PAYMENT_YET)
  // One resource per follow-up type, by type id; '' leaves an optional one out.
  const [followUps, setFollowUps] = useState<Record<number, string>>({})
  const chosenFollowUps = (type?.followUps ?? [])
    .map((f) => followUps[f.resourceTypeId] ?? (f.optional ? '' : String(f.resources[0]?.id ?? '')))
    .filter((id) => id !== '')

  const submit = useStaffSubmit(async () => {
    if (!walkIn && !customer) throw new FormProblem(t('staff.book.chooseCustomer'))
    const { model } = await callStaff(staffDeskRoutes.staffBook, {
      body: {
        bookingTypeId: Number(typeId),
        resourceIds: [Number(resourceId), ...chosenFollowUps.map(Number)],
        start: `${day.date} ${time}`,
        durationMinutes: Number(duration),
        customer: walkIn ? { walkIn: { name: walkInName, phone: walkInPhone } } : { id: customer!.id },
        manualPrice: manual
          ? { priceCents: Math.round(Number(price.replace(',', '.')) * 100), reason }
          : undefined,
        ...paymentBody(payment),
      },
    })
    await queryClient.invalidateQueries({ queryKey: ['staff', 'schedule'] })
    onBooked(model)
  })

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('staff.book.title')}
      closeLabel={t('staff.schedule.close')}
      size="large"
    >
      <form className="staff-form book-form" onSubmit={(e) => void submit.onSubmit(e)} noValidate>
        {types.length === 0 ? (
          <p role="alert">{t('staff.book.noTypes')}</p>
        ) : (
          <>
            <div className="book-form__row">
              <SelectField
                id="book-type"
                label={t('staff.book.type')}
                value={typeId}
                onValueChange={(value) => {
                  setTypeId(value)
                  const next = types.find((candidate) => String(candidate.id) === value)
                  setDuration(String(next?.durations[0] ?? ''))
                  setFollowUps({})
                }}
                options={types.map((candidate) => ({
                  value: String(candidate.id),
                  label: candidate.isOnline
                    ? candidate.name
                    : `${candidate.name} (${t('staff.book.deskOnly')})`,
                }))}
                required
              />
              <SelectField
                id="book-duration"
                label={t('staff.book.duration')}
                value={duration}
                onValueChange={setDuration}
                options={(type?.durations ?? []).map((minutes) => ({
                  value: String(minutes),
                  label: `${minutes} min`,
                }))}
                required
              />
            </div>
            <div className="book-form__row">
              <ResourceField id="book-resource" day={day} value={resourceId} onValueChange={setResourceId} />
              <TextField
                id="book-time"
                type="time"
                label={t('staff.book.time')}
                value={time}
                onValueChange={setTime}
                step={300}
                required
              />
            </div>
            {type && type.followUps.length > 0 && (
              <div className="book-form__row">
                {type.followUps.map((f) => (
                  <SelectField
                    key={f.resourceTypeId}
                    id={`book-follow-up-${f.resourceTypeId}`}
                    label={f.name}
                    value={
                      followUps[f.resourceTypeId] ?? (f.optional ? '' : String(f.resources[0]?.id ?? ''))
                    }
                    onValueChange={(value) => setFollowUps((old) => ({ ...old, [f.resourceTypeId]: value }))}
                    options={[
                      ...(f.optional ? [{ value: '', label: t('staff.book.noFollowUp') }] : []),
                      ...f.resources.map((r) => ({
                        value: String(r.id),
                        label:
                          f.priceCents > 0 ? `${r.name} (+${format.currency(f.priceCents / 100)})` : r.name,
                      })),
                    ]}
                    required={!f.optional}
                  />
                ))}
              </div>
            )}
            <fieldset className="book-form__who">
              <legend>{t('staff.schedule.customer')}</legend>
              <CheckboxField
                id="book-walk-in"
                label={t('staff.book.walkIn')}
                checked={walkIn}
                onCheckedChange={(on) => {
                  setWalkIn(on)
                  setCustomer(null)
                  setPayment(NO_PAYMENT_YET)
                }}
              />
              {walkIn ? (
                <div className="book-form__row">
                  <TextField
                    id="book-walk-in-name"
                    label={t('staff.book.name')}
                    value={walkInName}
                    onValueChange={setWalkInName}
                    required
                  />
                  <TextField
                    id="book-walk-in-phone"
                    type="tel"
                    label={t('staff.schedule.phone')}
                    value={walkInPhone}
                    onValueChange={setWalkInPhone}
                    required
                  />
                </div>
              ) : (
                <CustomerPicker
                  id="book-search"
                  customer={customer}
                  onChoose={(chosen) => {
                    setCustomer(chosen)
                    setPayment(NO_PAYMENT_YET)
                  }}
                />
              )}
            </fieldset>
            <CheckboxField
              id="book-manual"
              label={t('staff.book.manualPrice')}
              checked={manual}
              onCheckedChange={setManual}
            />
            {manual && (
              <div className="book-form__row">
                <TextField
                  id="book-price"
                  label={t('staff.book.price')}
                  inputMode="decimal"
                  value={price}
                  onValueChange={setPrice}
                  required
                />
                <TextField
                  id="book-reason"
                  label={t('staff.book.reason')}
                  value={reason}
                  onValueChange={setReason}
                  required
                />
              </div>
            )}
            <DeskPaymentField
              name="book-payment"
              customerId={walkIn || !customer ? null : customer.id}
              value={payment}
              onChange={setPayment}
            />
            <FormError error={submit.error} />
            <Button type="submit" busy={submit.busy} busyLabel={t('common.loading')}>
              {t('staff.book.confirm')}
            </Button>
          </>
        )}
      </form>
    </Dialog>
  )
}

/** The resource of the day a booking or a block takes. */
export function ResourceField({
  id,
  day,
  value,
  onValueChange,
}: {
  id: string
  day: StaffDay
  value: string
  onValueChange: (value: string) => void
}) {
  const { t } = useTranslation()
  return (
    <SelectField
      id={id}
      label={t('staff.book.resource')}
      value={value}
      onValueChange={onValueChange}
      options={day.resources.map((r) => ({ value: String(r.id), label: r.name }))}
      required
    />
  )
}
