import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import type { Activity, CartSaleModel } from '@clubhouse/contract'
import { ActivityErrorCode } from '@clubhouse/contract/constants'
import { Button } from '../../../components/ui/button.tsx'
import { paths } from '../../../config/paths.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { openLogin } from '../../../lib/login-prompt.ts'
import { useCustomerId } from '../../account/use-customer-id.ts'
import { addApiSaleToCart } from '../../cart/cart-store.ts'
import { useIsLoggedIn } from '../../customers/session.ts'
import { useFormat } from '../../content/settings.tsx'
import { useInscription } from '../api/activities.ts'

const DynamicForm = lazy(() =>
  import('../../forms/dynamic-form.tsx').then((m) => ({ default: m.DynamicForm })),
)

/**
 * An activity as its page shows it: the activity, whether it asks a form, whether the customer is
 * in (confirmed), and the sale of their sign-up held until it is paid.
 */
export interface ActivityShown {
  activity: Activity
  hasCustomSignUp: boolean
  alreadyIn: boolean
  held: CartSaleModel | null
}

type Stage = 'ready' | 'form' | 'done' | 'in' | 'held'

/** The query that says "go on signing up": the login comes back to the activity with it. */
export const CONTINUE_SIGN_UP = 'signup'

/**
 * The Sign Up button of an activity and what follows it (spec 2 §4): a visitor logs in or
 * registers first; then the activity's own sign-up form when it asks one, whose save signs the
 * customer up, or the sign-up at once. A free activity is done there ("Sign Up Done!"); a paid one
 * puts its sale in the cart and says the place is held until it is paid, with the way to the
 * checkout (decision 081). A customer whose sign-up is confirmed reads "Already In!", and the
 * button does nothing. Limited places are told ("Only 3 places left", "Full").
 */
export function ActivitySignUp({ activity, hasCustomSignUp, alreadyIn, held }: ActivityShown) {
  const { t } = useTranslation()
  const location = useLocation()
  const queryClient = useQueryClient()
  const loggedIn = useIsLoggedIn()
  const customerId = useCustomerId()
  const inscription = useInscription()
  const errorId = useId()
  const [stage, setStage] = useState<Stage>(alreadyIn ? 'in' : held ? 'held' : 'ready')
  const [heldSale, setHeldSale] = useState<CartSaleModel | null>(held)
  const [error, setError] = useState<string | null>(null)
  const full = activity.placesLeft !== null && activity.placesLeft <= 0
  const shownStage: Stage = alreadyIn && stage === 'ready' ? 'in' : stage

  const signUp = () => {
    setError(null)
    inscription.mutate(
      { customerId, id: activity.id },
      {
        onSuccess: (answer) => {
          void queryClient.invalidateQueries({ queryKey: ['activities'] })
          if (answer.errorMsg) {
            setStage('ready')
            setError(answer.errorMsg)
            return
          }
          if (!answer.model) {
            setStage('done')
            return
          }
          const sale = { ...answer.model, title: answer.model.title || answer.model.description }
          addApiSaleToCart(sale)
          setHeldSale(sale)
          setStage('held')
        },
        onError: (failure) => {
          setStage(
            failure instanceof ApiError && failure.code === ActivityErrorCode.alreadyIn ? 'in' : 'ready',
          )
          setError(
            failure instanceof ApiError && failure.isClientError && failure.errorMsg
              ? failure.errorMsg
              : t('messages.technical'),
          )
          if (failure instanceof ApiError && failure.code === ActivityErrorCode.activityFull) {
            void queryClient.invalidateQueries({ queryKey: ['activities'] })
          }
        },
      },
    )
  }

  const proceed = () => {
    if (hasCustomSignUp) {
      setError(null)
      setStage('form')
      return
    }
    signUp()
  }

  const start = () => {
    if (shownStage !== 'ready' || full) return
    // Signing up needs a customer: the login opens and comes back here to go on (spec 2 §4).
    if (!loggedIn || !customerId) {
      const search = new URLSearchParams(location.search)
      search.set(CONTINUE_SIGN_UP, '1')
      openLogin({ mode: 'login', backUrl: `${location.pathname}?${search}` })
      return
    }
    proceed()
  }

  // Back from the login: the sign-up goes on by itself, with what the activity says for this
  // customer (already in, full), and the query is taken off the address.
  const [params, setParams] = useSearchParams()
  const continuing = params.get(CONTINUE_SIGN_UP) === '1'
  const continued = useRef(false)
  useEffect(() => {
    if (!continuing || !loggedIn || !customerId || continued.current) return
    continued.current = true
    setParams(
      (current) => {
        current.delete(CONTINUE_SIGN_UP)
        return current
      },
      { replace: true },
    )
    if (shownStage === 'ready' && !full) proceed()
    // Once, when the customer is known: what it reads then is what it acts on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [continuing, loggedIn, customerId])

  if (shownStage === 'held' && heldSale) return <HeldSignUp sale={heldSale} />

  const label =
    shownStage === 'done'
      ? t('activities.signUpDone')
      : shownStage === 'in'
        ? t('activities.alreadyIn')
        : full
          ? t('activities.full')
          : t('activities.signUp')
  const inert = shownStage === 'done' || shownStage === 'in' || full

  return (
    <div className="activity-sign-up">
      {activity.placesLeft !== null && activity.placesLeft > 0 && shownStage === 'ready' && (
        <p className="activity-sign-up__places">
          {t('activities.placesLeft', { count: activity.placesLeft })}
        </p>
      )}
      {shownStage !== 'form' && (
        <Button
          type="button"
          className="button--large activity-sign-up__button"
          busy={inscription.isPending}
          busyLabel={t('activities.signingUp')}
          disabled={full && shownStage === 'ready'}
          aria-disabled={inert || undefined}
          aria-describedby={error ? errorId : undefined}
          onClick={start}
        >
          {label}
        </Button>
      )}
      {shownStage === 'form' && (
        <section className="activity-sign-up__form" aria-label={t('activities.formTitle')}>
          <h2 className="section__title">{t('activities.formTitle')}</h2>
          <Suspense fallback={null}>
            <DynamicForm parentName="Activity" parentId={activity.id} onSaved={signUp} />
          </Suspense>
          {inscription.isPending && (
            <p role="status" className="activity-sign-up__status">
              {t('activities.signingUp')}
            </p>
          )}
        </section>
      )}
      {error && (
        <p id={errorId} className="form-error activity-sign-up__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * A paid sign-up waiting for its payment: the place is kept until the hold runs out and is the
 * customer's once paid, so the page says so and leads to the checkout (with the sale in the cart,
 * also when the cart was emptied meanwhile) rather than "Already In!".
 */
function HeldSignUp({ sale }: { sale: CartSaleModel }) {
  const { t } = useTranslation()
  const format = useFormat()
  const until = sale.holdExpiresAt ? format.date(sale.holdExpiresAt, 'HH:mm') : ''
  return (
    <div className="activity-sign-up activity-sign-up--held">
      <p className="activity-sign-up__held" role="status">
        {until ? t('activities.heldUntil', { time: until }) : t('activities.held')}
      </p>
      <Link
        to={paths.checkout}
        className="button button--primary button--large activity-sign-up__button"
        onClick={() => addApiSaleToCart(sale)}
      >
        {t('activities.payNow', { amount: format.currency(sale.pending) })}
      </Link>
    </div>
  )
}
