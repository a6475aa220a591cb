import { Button } from './button.tsx'
import { Dialog } from './dialog.tsx'

/**
 * Asks once more before something that cannot be undone (a cancel, leaving a waiting list): the
 * question, a way back and the action. While the action runs a spinner takes its button's place and
 * the dialog stays open.
 */
export function AskDialog({
  title,
  question,
  keepLabel,
  confirmLabel,
  busy,
  busyLabel,
  closeLabel,
  onConfirm,
  onClose,
  returnFocus,
}: {
  title: string
  question: string
  keepLabel: string
  confirmLabel: string
  busy: boolean
  busyLabel: string
  closeLabel: string
  onConfirm: () => void
  onClose: () => void
  /** Where focus goes once the action took away what opened the dialog (see `Dialog`). */
  returnFocus?: () => HTMLElement | null | undefined
}) {
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={title}
      closeLabel={closeLabel}
      returnFocus={returnFocus}
    >
      <p className="dialog__intro">{question}</p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {keepLabel}
        </Button>
        <Button busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
