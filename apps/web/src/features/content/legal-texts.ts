import type { LegalKey } from '@clubhouse/contract'
import { paths } from '../../config/paths.ts'

export interface LegalText {
  key: LegalKey
  path: string
  /** i18n key of its title. */
  title: 'legal.privacy' | 'legal.wayver' | 'legal.generalConditions' | 'legal.cookies'
}

/** The four legal texts, each a page and a popup, in the order the footer lists them. */
export const LEGAL_TEXTS: readonly LegalText[] = [
  { key: 'privacyPolicyFull', path: paths.privacy, title: 'legal.privacy' },
  { key: 'wayver', path: paths.wayver, title: 'legal.wayver' },
  { key: 'generalConditions', path: paths.generalConditions, title: 'legal.generalConditions' },
  { key: 'cookiesPolicy', path: paths.cookies, title: 'legal.cookies' },
]
