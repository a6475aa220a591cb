import { useTranslation } from 'react-i18next'
import { CardWidget, type CardWidgetProps } from '../../../components/ui/card-widget.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import '../../../lib/i18n/card-texts.ts'

export interface CardDialogProps extends CardWidgetProps {
  open: boolean
  /** Escape, the close button or the backdrop; focus goes back to what opened the popup. */
  onClose: () => void
}

/**
 * The card popup (spec 2 §2: "A card popup titled Pay asks for the card"): the card widget in the
 * site's dialog, opened by the checkout for the methods that take the card on the site.
 */
export function CardDialog({ open, onClose, ...widget }: CardDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={open}
      // A payment being asked for is not abandoned half way: the popup stays until it answers.
      onClose={() => {
        if (!widget.busy) onClose()
      }}
      title={t('card.pay')}
      closeLabel={t('common.close')}
    >
      <CardWidget {...widget} />
    </Dialog>
  )
}
