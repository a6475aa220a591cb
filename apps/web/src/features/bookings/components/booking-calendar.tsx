import { useTranslation } from 'react-i18next'
import { DayPicker } from 'react-day-picker'
import { enUS } from 'react-day-picker/locale/en-US'
import { es } from 'react-day-picker/locale/es'
import 'react-day-picker/style.css'
import { dayToPickerDate, pickerDateToDay } from '../booking-rules.ts'

/**
 * The month calendar of the booking page (react-day-picker), in the visitor's language with weeks
 * from Monday. Days before `minDay` and after `maxDay` are disabled; `today` is the centre's today.
 */
export function BookingCalendar({
  value,
  minDay,
  maxDay,
  today,
  onSelect,
}: {
  value: string
  minDay: string
  maxDay?: string | undefined
  today: string
  onSelect: (day: string) => void
}) {
  const { language } = useTranslation().i18n
  return (
    <DayPicker
      mode="single"
      required
      locale={language === 'es-ES' ? es : enUS}
      weekStartsOn={1}
      selected={dayToPickerDate(value)}
      defaultMonth={dayToPickerDate(value)}
      startMonth={dayToPickerDate(minDay)}
      {...(maxDay ? { endMonth: dayToPickerDate(maxDay) } : {})}
      today={dayToPickerDate(today)}
      disabled={[
        { before: dayToPickerDate(minDay) },
        ...(maxDay ? [{ after: dayToPickerDate(maxDay) }] : []),
      ]}
      onSelect={(date) => onSelect(pickerDateToDay(date))}
    />
  )
}
