import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/ui/dialog.tsx'
import { closeErrorPopup, useErrorPopup } from '../../lib/error-popup.ts'

/** The global error popup: the message, and OK to close it (spec 2 §9: dialog buttons OK and Cancel). */
export function ErrorDialog() {
  const { t } = useTranslation()
  const message = useErrorPopup()
  return (
    <Dialog
      open={message !== null}
      onClose={closeErrorPopup}
      title={t('errorPopup.title')}
      closeLabel={t('common.close')}
    >
      <p className="error-popup__text" role="alert">
        {message}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={closeErrorPopup}>
          {t('common.ok')}
        </button>
      </div>
    </Dialog>
  )
}
