import { createContext, useContext, type ComponentType } from 'react'
import type { LegalText } from '../content/legal-texts.ts'

export interface LegalDialogProps {
  /** The text to show, or null for a closed popup. */
  text: LegalText | null
  onClose: () => void
}

/**
 * The popup in which the register form shows a legal text it links. It is the content feature's
 * (the footer shows the same one); a feature does not import another feature's components, so the
 * app hands it in here (AppProviders, decision 039).
 */
export const LegalDialogContext = createContext<ComponentType<LegalDialogProps> | null>(null)

export function useLegalDialog(): ComponentType<LegalDialogProps> {
  const dialog = useContext(LegalDialogContext)
  if (!dialog) throw new Error('No legal dialog: render inside AppProviders, which provides it.')
  return dialog
}
