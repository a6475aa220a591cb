// The shell uses the contract's zod-free entry point: importing a value from '@clubhouse/contract'
// itself would bring every schema and zod (about 30 KB gzipped) into the first-load bundle.
export {
  BOOT_ELEMENT_ID,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  STATE_ELEMENT_ID,
  Locale as LOCALES,
} from '@clubhouse/contract/constants'
