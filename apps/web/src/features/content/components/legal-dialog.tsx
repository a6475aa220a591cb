import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../components/ui/dialog.tsx'
import type { LegalText } from '../legal-texts.ts'
import { LegalTextBody } from './legal-text.tsx'

/** A legal text in a popup, so it can be read without leaving the page (spec 1, legal pages). */
export function LegalDialog({ text, onClose }: { text: LegalText | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={text !== null}
      onClose={onClose}
      title={text ? t(text.title) : ''}
      closeLabel={t('common.close')}
      size="large"
      initialFocus="dialog"
    >
      {text && <LegalTextBody textKey={text.key} />}
    </Dialog>
  )
}
