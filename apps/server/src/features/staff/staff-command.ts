import { parseArgs } from 'node:util'
import { STAFF_PASSWORD_LINK_TTL_HOURS, type StaffRole } from '@clubhouse/contract/server'
import { AppError } from '../../http/errors.ts'
import type { StaffAccount, StaffService } from './staff.service.ts'

export const STAFF_USAGE = `Usage:
  npm run staff -- add --email <email> --role <desk|manager|owner> [--name "<name>"]
      creates a staff account and prints the one-time link that sets its password
  npm run staff -- list
      lists the staff accounts
  npm run staff -- link --email <email>
      prints a new one-time link that sets the account's password (a forgotten one)
  npm run staff -- role --email <email> --role <desk|manager|owner>
      gives the account another role
  npm run staff -- disable --email <email>
  npm run staff -- enable --email <email>
      stops the account logging in (its sessions end at once), or lets it again
  npm run staff -- reset-second-factor --email <email>
      removes the account's second factor and recovery codes (a lost phone); it enrols again`

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

/** The commands on one account, found by its email: whether they take a role, and what they do. */
const ACCOUNT_COMMANDS: Record<
  string,
  { role: boolean; run: (staff: StaffService, account: StaffAccount, role: StaffRole) => Promise<string[]> }
> = {
  link: {
    role: false,
    run: async (staff, account) => {
      const { link } = await staff.newPasswordLink(account.id)
      return [
        `A new link for ${account.email}: earlier ones no longer work.`,
        `Its password is set once, within ${STAFF_PASSWORD_LINK_TTL_HOURS} hours, at:`,
        link,
      ]
    },
  },
  role: {
    role: true,
    run: async (staff, account, role) => {
      const changed = await staff.changeRole(account.id, role)
      return [`${changed.email} is now ${changed.role}.`]
    },
  },
  disable: {
    role: false,
    run: async (staff, account) => {
      await staff.disableAccount(account.id)
      return [`${account.email} is disabled: it logs in no more, and its sessions have ended.`]
    },
  },
  enable: {
    role: false,
    run: async (staff, account) => {
      await staff.enableAccount(account.id)
      return [`${account.email} can log in again.`]
    },
  },
  'reset-second-factor': {
    role: false,
    run: async (staff, account) => {
      await staff.resetSecondFactor(account.id)
      return [
        `The second factor of ${account.email} is removed and its sessions have ended: it enrols again at its next login.`,
      ]
    },
  },
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
    const wanted = command !== undefined ? ACCOUNT_COMMANDS[command] : undefined
    if (wanted && Object.hasOwn(ACCOUNT_COMMANDS, command!) && values.email !== undefined) {
      if (wanted.role !== (values.role !== undefined) || values.name !== undefined) {
        deps.fail(STAFF_USAGE)
        return EXIT.usage
      }
      const account = await deps.staff.accountByEmail(values.email)
      if (!account) {
        deps.fail(`No staff account has the email ${values.email}. See them with: npm run staff -- list`)
        return EXIT.refused
      }
      for (const line of await wanted.run(deps.staff, account, values.role as StaffRole)) deps.print(line)
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
