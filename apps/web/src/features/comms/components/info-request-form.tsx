import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { RequiredMark } from '../../../components/ui/required-mark.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { stripNonPrintable } from '../../../lib/text.ts'
import { useSendInfoRequest } from '../api/send-info-request.ts'

/**
 * The footer's "Request More Info" form (spec 2 §2). Both fields must be filled, otherwise nothing
 * is sent and nothing is said; after success the form gives way to the thanks message.
 */
export function InfoRequestForm() {
  const { t } = useTranslation()
  const id = useId()
  const [email, setEmail] = useState('')
  const [question, setQuestion] = useState('')
  const send = useSendInfoRequest()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (send.isPending) return
    const body = { email: email.trim(), question: question.trim() }
    if (!body.email || !body.question) return
    send.mutate(body, {
      onError: (error) => console.warn('Crash sending info request', error),
    })
  }

  if (send.isSuccess) {
    return (
      <p className="info-request__thanks" role="status">
        {t('infoRequest.thanks')}
      </p>
    )
  }

  const failure = send.isError ? errorText(send.error, t) : undefined
  return (
    <form
      className="info-request"
      aria-label={t('infoRequest.title')}
      onSubmit={onSubmit}
      noValidate
      aria-describedby={failure ? `${id}-error` : undefined}
    >
      <div className="field">
        <label htmlFor={`${id}-email`}>
          {t('infoRequest.email')}
          <RequiredMark />
        </label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(stripNonPrintable(event.target.value))}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-question`}>
          {t('infoRequest.question')}
          <RequiredMark />
        </label>
        <textarea
          id={`${id}-question`}
          className="input"
          name="question"
          rows={3}
          required
          maxLength={2000}
          value={question}
          onChange={(event) => setQuestion(stripNonPrintable(event.target.value))}
        />
      </div>
      <Button type="submit" busy={send.isPending} busyLabel={t('common.sending')}>
        {t('infoRequest.send')}
      </Button>
      {failure && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {failure}
        </p>
      )}
    </form>
  )
}
