import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TextAreaField, TextField } from '../../../components/form/field.tsx'
import { serverFieldErrors, useFieldErrors } from '../../../components/form/use-field-errors.ts'
import { Button } from '../../../components/ui/button.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useSendInfoRequest } from '../api/send-info-request.ts'

type Errors = { email?: string; question?: string }

/**
 * The footer's "Request More Info" form (spec 2 §2). Both fields must be filled, otherwise nothing
 * is sent and nothing is said (the first empty field takes the focus); a field the server refuses
 * shows its message; after success the form gives way to the thanks message.
 */
export function InfoRequestForm() {
  const { t } = useTranslation()
  const id = useId()
  const [email, setEmail] = useState('')
  const [question, setQuestion] = useState('')
  const send = useSendInfoRequest()
  const ids = { email: `${id}-email`, question: `${id}-question` }
  const { errors, edited, focus, showServer } = useFieldErrors<Errors>(ids)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (send.isPending) return
    const body = { email: email.trim(), question: question.trim() }
    if (!body.email) return focus('email')
    if (!body.question) return focus('question')
    send.mutate(body, {
      onError: (error) => {
        console.warn('Crash sending info request', error)
        showServer(serverFieldErrors(error, { email: 'email', question: 'question' }))
      },
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
      <TextField
        id={ids.email}
        label={t('infoRequest.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onValueChange={(value) => {
          setEmail(value)
          edited('email')
        }}
        error={errors.email}
      />
      <TextAreaField
        id={ids.question}
        label={t('infoRequest.question')}
        name="question"
        rows={3}
        required
        maxLength={2000}
        value={question}
        onValueChange={(value) => {
          setQuestion(value)
          edited('question')
        }}
        error={errors.question}
      />
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
