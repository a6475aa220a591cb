import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AvailableResource, ResourceTypeSummary } from '@clubhouse/contract'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx'
import { useFollowUps, type FollowUpInput } from '../api/get-follow-ups.ts'
import { useBookingFormat } from '../use-booking-format.ts'
import '../bookings.css'

/** The follow-up resource chosen for each related resource type, by type id. */
export type FollowUpChoice = Map<number, AvailableResource>

/**
 * The follow-up popup (spec 2 §2): after a time is chosen, one choice per related resource type
 * (a second court, a coach, a set of rackets), among the resources free at that time. A type with
 * nothing free says so; the customer then closes it and tries another time.
 */
export function FollowUpDialog({
  input,
  types,
  onClose,
  onDone,
}: {
  input: FollowUpInput
  types: readonly ResourceTypeSummary[]
  onClose: () => void
  onDone: (choice: FollowUpChoice) => void
}) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  const answers = useFollowUps(input, types)
  const [choice, setChoice] = useState<FollowUpChoice>(new Map())
  const [missing, setMissing] = useState(false)
  const loading = answers.some((answer) => answer.isPending)
  const nothing = !loading && answers.some((answer) => answer.isError || (answer.data?.length ?? 0) === 0)

  return (
    <Dialog open onClose={onClose} title={t('bookings.followUpTitle')} closeLabel={t('common.close')}>
      {loading ? (
        <Loading label={t('common.loading')}>
          <Skeleton width="40%" height="1.25rem" />
          <Skeleton height="44px" />
          <Skeleton height="44px" />
        </Loading>
      ) : nothing ? (
        <div className="follow-ups">
          <p role="alert">{t('bookings.nothingFound')}</p>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('bookings.chooseAnotherTime')}
          </button>
        </div>
      ) : (
        <form
          className="follow-ups"
          onSubmit={(event) => {
            event.preventDefault()
            if (types.some((type) => !choice.has(type.id))) setMissing(true)
            else onDone(choice)
          }}
        >
          {types.map((type, i) => (
            <fieldset key={type.id} className="follow-ups__type">
              <legend className="follow-ups__legend">{type.name}</legend>
              {(answers[i]?.data ?? []).map((resource) => (
                <label key={resource.id} className="follow-up">
                  <input
                    type="radio"
                    name={`follow-up-${type.id}`}
                    value={resource.id}
                    checked={choice.get(type.id)?.id === resource.id}
                    onChange={() => {
                      setChoice(new Map(choice).set(type.id, resource))
                      setMissing(false)
                    }}
                  />
                  <span className="follow-up__text">
                    <span className="follow-up__name">{resource.name}</span>
                    {resource.description && (
                      <span className="follow-up__description">{resource.description}</span>
                    )}
                  </span>
                  <span className="follow-up__price">
                    {resource.price > 0
                      ? t('bookings.plusPrice', { price: format.currency(resource.price) })
                      : t('bookings.included')}
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
          {missing && (
            <p className="form-error" role="alert">
              {t('bookings.chooseEach')}
            </p>
          )}
          <button type="submit" className="button button--primary">
            {t('bookings.continue')}
          </button>
        </form>
      )}
    </Dialog>
  )
}
