// The mails the server under test sent, as the journeys' mail receiver stored them (global-setup.ts):
// wait for the newest one to an address and follow its links, as a customer reading it would.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mailDir } from './server-under-test.ts'

export interface ReceivedMail {
  to: string[]
  from: string
  subject: string
  html: string
  text: string
  receivedAt: string
  /** The file name: mails sort by it in the order they arrived. */
  file: string
}

/** Every mail received so far, oldest first. */
export function receivedMails(): ReceivedMail[] {
  const dir = mailDir()
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => ({ ...(JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReceivedMail), file }))
}

const isTo = (mail: ReceivedMail, address: string) =>
  mail.to.some((to) => to.toLowerCase() === address.toLowerCase())

/** How many mails `address` has received so far: pass it as `after` to wait for the next one. */
export const mailCount = (address: string) => receivedMails().filter((mail) => isTo(mail, address)).length

/**
 * Waits for a mail to `address`, newer than the first `after` mails it had, whose subject matches
 * `subject` when given, and answers the newest such mail.
 */
export async function waitForMail(
  address: string,
  { after = 0, subject, timeoutMs = 15_000 }: { after?: number; subject?: RegExp; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = receivedMails()
      .filter((mail) => isTo(mail, address))
      .slice(after)
      .filter((mail) => !subject || subject.test(mail.subject))
    const newest = mails[mails.length - 1]
    if (newest) return newest
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${address}${subject ? ` with a subject like ${subject}` : ''} arrived.`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The links of a mail's HTML, in order, entities decoded. */
export function linksOf(mail: ReceivedMail): string[] {
  return [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) =>
    (match[1] ?? '')
      .replace(/&amp;/g, '&')
      .replace(/&#x2F;/gi, '/')
      .replace(/&#47;/g, '/'),
  )
}

/** The first link of a mail whose path starts with `pathPrefix`, such as '/customer/activate/'. */
export function linkTo(mail: ReceivedMail, pathPrefix: string): string {
  const link = linksOf(mail).find((href) => {
    try {
      return new URL(href).pathname.startsWith(pathPrefix)
    } catch {
      return false
    }
  })
  if (!link) throw new Error(`The mail "${mail.subject}" has no link to ${pathPrefix}:\n${mail.html}`)
  return link
}
