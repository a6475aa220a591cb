import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CardToken } from '@clubhouse/contract'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { TrashIcon } from '../../../components/ui/icons.tsx'
import { ListState } from '../../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useCardTokens, useDeleteCardToken } from '../api/card-tokens.ts'

/**
 * The saved cards (spec 1 §2, Credit Cards tab): last digits, brand and expiry, each with a delete
 * action that asks first. After a delete the list is read again; the server's errorMsg is shown as
 * it comes, and a delete without an answer shows the Crash message (spec 1 §8). Focus goes to that
 * message as the popup closes.
 */
export function CardList({ customerId, titleId }: { customerId: number; titleId: string }) {
  const { t } = useTranslation()
  const cards = useCardTokens(customerId)
  const remove = useDeleteCardToken(customerId)
  const [asking, setAsking] = useState<CardToken | null>(null)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  // What a delete came to: focus goes there as the popup closes, the card's button being gone.
  const messageRef = useRef<HTMLParagraphElement>(null)

  function confirmDelete() {
    if (!asking || remove.isPending) return
    const card = asking
    setMessage(null)
    remove.mutate(card.id, {
      onSuccess: () => {
        setAsking(null)
        setMessage({ ok: true, text: t('account.cardDeleted', { number: card.cardNumber }) })
      },
      onError: (error) => {
        setAsking(null)
        // No answer, or one without words: the Crash message.
        setMessage({ ok: false, text: errorText(error, t) ?? t('messages.crash') })
      },
    })
  }

  return (
    <section className="account-form" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-form__title">
        {t('account.cards')}
      </h2>
      <p className="account-form__intro">{t('account.cardsIntro')}</p>
      {message && (
        <p
          ref={messageRef}
          className={message.ok ? 'account-form__ok' : 'form-error'}
          role={message.ok ? 'status' : 'alert'}
          tabIndex={-1}
        >
          {message.text}
        </p>
      )}
      {cards.isPending ? (
        <Loading label={t('common.loading')}>
          <Skeleton height="64px" />
          <Skeleton height="64px" />
        </Loading>
      ) : cards.isError ? (
        <ListState
          message={t('account.cardsError')}
          action={{ label: t('common.retry'), onClick: () => void cards.refetch() }}
        />
      ) : cards.data.length === 0 ? (
        <ListState message={t('account.noCards')} />
      ) : (
        <ul className="card-tokens">
          {cards.data.map((card) => (
            <li key={card.id} className="card-token">
              <span className="card-token__brand" aria-hidden="true">
                {card.brand.slice(0, 4).toUpperCase() || '••••'}
              </span>
              <span className="card-token__info">
                <span className="card-token__number">
                  {card.brand ? `${card.brand} ` : ''}
                  {card.cardNumber}
                </span>
                {card.expiry && (
                  <span className="card-token__expiry">
                    {t('account.cardExpires', { date: card.expiry })}
                  </span>
                )}
              </span>
              <button
                type="button"
                className="button button--secondary card-token__delete"
                aria-label={`${t('account.deleteCard')} ${card.cardNumber}`}
                onClick={() => {
                  setMessage(null)
                  setAsking(card)
                }}
              >
                <TrashIcon width={18} height={18} aria-hidden="true" />
                <span>{t('account.deleteCard')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={t('account.deleteCardTitle')}
        closeLabel={t('common.close')}
        returnFocus={() => messageRef.current}
      >
        <p className="dialog__intro">{t('account.deleteCardText', { number: asking?.cardNumber ?? '' })}</p>
        <div className="dialog__actions">
          <Button type="button" variant="secondary" onClick={() => setAsking(null)}>
            {t('account.cancel')}
          </Button>
          <Button
            type="button"
            className="button--danger"
            busy={remove.isPending}
            busyLabel={t('account.deleting')}
            onClick={confirmDelete}
          >
            {t('account.deleteCardConfirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  )
}
