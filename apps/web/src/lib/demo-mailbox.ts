import { BOOT_ELEMENT_ID } from './constants.ts'

let on: boolean | undefined

/**
 * Whether the site keeps its mail readable at /demo-mailbox (no SMTP configured; decision 025),
 * as the server said in the page's boot data. Off under the development server, which inlines none.
 */
export function isDemoMailboxOn(doc: Document = document): boolean {
  if (on === undefined) {
    try {
      const boot = JSON.parse(doc.getElementById(BOOT_ELEMENT_ID)?.textContent || '{}') as {
        demoMailbox?: unknown
      }
      on = boot.demoMailbox === true
    } catch {
      on = false
    }
  }
  return on
}

/** Tests: sets the flag, or with undefined lets the next call read the page again. */
export function setDemoMailboxOn(value: boolean | undefined) {
  on = value
}
