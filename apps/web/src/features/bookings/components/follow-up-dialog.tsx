import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AvailableResource, RelatedResourceType } from '@clubhouse/contract'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx'
import { useFollowUps, type FollowUpInput } from '../api/get-follow-ups.ts'
import { useBookingFormat } from '../use-booking-format.ts'
import '../bookings.css'

/** The follow-up resource chosen for each related resource type, by type id. */
export type FollowUpChoice = Map<number, AvailableResource>

/**
 * The follow-up popup (spec 2 §2): after a time is chosen, one choice per related resource type
 * (a second court, a coach, a set of rackets), among the resources free at that time. An optional
 * type offers "No, thanks" first, chosen until another is (decision 079); a required type must be
 * chosen. A required type with nothing free says so; the customer then closes it and tries another
 * time. An optional one with nothing free offers only "No, thanks".
 */
export function FollowUpDialog({
  input,
  types,
  onClose,
  onDone,
}: {
  input: FollowUpInput
  types: readonly RelatedResourceType[]
  onClose: () => void
  onDone: (choice: FollowUpChoice) => void
}) {
  const { t } = useTranslation()
  const format = useBookingFormat()
  const answers = useFollowUps(input, types)
  const [choice, setChoice] = useState<FollowUpChoice>(new Map())
  const [missing, setMissing] = useState(false)
  const loading = answers.some((answer) => answer.isPending)
  const nothing =
    !loading &&
    types.some((type, i) => !type.optional && (answers[i]?.isError || (answers[i]?.data?.length ?? 0) === 0))
  const pick = (typeId: number, resource: AvailableResource | null) => {
    const next = new Map(choice)
    if (resource) next.set(typeId, resource)
    else next.delete(typeId)
    setChoice(next)
    setMissing(false)
  }

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
            if (types.some((type) => !type.optional && !choice.has(type.id))) setMissing(true)
            else onDone(choice)
          }}
        >
          {types.map((type, i) => (
            <fieldset key={type.id} className="follow-ups__type">
              <legend className="follow-ups__legend">{type.name}</legend>
              {type.optional && (
                <label className="follow-up">
                  <input
                    type="radio"
                    name={`follow-up-${type.id}`}
                    value=""
                    checked={!choice.has(type.id)}
                    onChange={() => pick(type.id, null)}
                  />
                  <span className="follow-up__text">
                    <span className="follow-up__name">{t('bookings.noThanks')}</span>
                    {(answers[i]?.data?.length ?? 0) === 0 && (
                      <span className="follow-up__description">{t('bookings.noneFreeNow')}</span>
                    )}
                  </span>
                </label>
              )}
              {(answers[i]?.data ?? []).map((resource) => (
                <label key={resource.id} className="follow-up">
                  <input
                    type="radio"
                    name={`follow-up-${type.id}`}
                    value={resource.id}
                    checked={choice.get(type.id)?.id === resource.id}
                    onChange={() => pick(type.id, resource)}
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
