import { parseArgs } from 'node:util'
import { STAFF_PASSWORD_LINK_TTL_HOURS, type StaffRole } from '@clubhouse/contract/server'
import { AppError } from '../../http/errors.ts'
import type { StaffAccount, StaffService } from './staff.service.ts'

export const STAFF_USAGE = `Usage:
  npm run staff -- add --email <email> --role <desk|manager|owner> [--name "<name>"]
      creates a staff account and prints the one-time link that sets its password
  npm run staff -- list
      lists the staff accounts`

/** Exit statuses: done, refused by a rule of the accounts, or not understood. */
export const EXIT = { done: 0, refused: 1, usage: 2 } as const

/** How an account stands, in the words of the list. */
function stateOf(account: StaffAccount): string {
  if (account.disabledAt) return 'disabled'
  return account.hasPassword ? 'active' : 'no password yet'
}

/** Rows as columns of text, each as wide as its widest cell. */
function columns(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)))
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  )
}

/**
 * The staff command line (`npm run staff -- …`), apart from the database it is run against: it
 * reads its arguments, calls the staff service and writes what happened through `print` (and
 * refusals through `fail`). Answers the exit status.
 */
export async function runStaffCommand(
  args: string[],
  deps: { staff: StaffService; print: (line: string) => void; fail: (line: string) => void },
): Promise<number> {
  const [command, ...rest] = args
  let values: { email?: string; role?: string; name?: string }
  try {
    ;({ values } = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    }))
  } catch (err) {
    deps.fail(`${(err as Error).message}\n\n${STAFF_USAGE}`)
    return EXIT.usage
  }
  try {
    if (command === 'add' && values.email !== undefined && values.role !== undefined) {
      const { account, link } = await deps.staff.addAccount({
        email: values.email,
        role: values.role as StaffRole,
        ...(values.name !== undefined ? { name: values.name } : {}),
      })
      deps.print(`Staff account ${account.id} created: ${account.email} (${account.role}).`)
      deps.print(`Its password is set once, within ${STAFF_PASSWORD_LINK_TTL_HOURS} hours, at:`)
      deps.print(link)
      return EXIT.done
    }
    if (command === 'list' && rest.length === 0) {
      const accounts = await deps.staff.listAccounts()
      if (accounts.length === 0) {
        deps.print('No staff accounts yet. Add one with: npm run staff -- add --email <email> --role owner')
        return EXIT.done
      }
      const rows = accounts.map((a) => [String(a.id), a.email, a.role, a.name, stateOf(a)])
      for (const line of columns([['id', 'email', 'role', 'name', 'state'], ...rows])) deps.print(line)
      return EXIT.done
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    deps.fail(err.message)
    return EXIT.refused
  }
  deps.fail(STAFF_USAGE)
  return EXIT.usage
}
