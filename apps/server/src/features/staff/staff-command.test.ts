import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../config.ts'
import { openDatabase } from '../../db/client.ts'
import {
  buildTestApp,
  createPostgresDatabase,
  testDatabaseKinds,
  type TestApp,
} from '../../test/build-test-app.ts'
import { runStaffCommand } from './staff-command.ts'

const run = promisify(execFile)

describe.each(testDatabaseKinds())('the staff command on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(kind)
  })
  afterAll(() => t.close())

  /** Runs the command against the test app's database: its exit status and what it wrote. */
  async function command(...args: string[]) {
    const out: string[] = []
    const err: string[] = []
    const status = await runStaffCommand(args, {
      staff: t.app.services.staff,
      print: (line) => out.push(line),
      fail: (line) => err.push(line),
    })
    return { status, out: out.join('\n'), err: err.join('\n') }
  }

  it('adds an account and prints the one-time link that sets its password', async () => {
    const added = await command(
      'add',
      '--email',
      'Eva@Centre.example',
      '--role',
      'owner',
      '--name',
      'Eva Ruiz',
    )
    expect(added.status).toBe(0)
    expect(added.out).toMatch(/^Staff account \d+ created: eva@centre\.example \(owner\)\./)
    const link = /http:\/\/test\.local\/staff\/set-password\?token=[0-9a-f]{64}/.exec(added.out)?.[0]
    expect(link).toBeDefined()
    // The link works, once.
    await t.app.services.staff.setPassword(new URL(link!).searchParams.get('token')!, 'Eva-Owns-It-2026')
  })

  it('lists the accounts with their role and whether they can log in', async () => {
    await command('add', '--email', 'desk@centre.example', '--role', 'desk')
    const { account } = await t.app.services.staff.addAccount({
      email: 'former@centre.example',
      role: 'manager',
    })
    await t.app.services.staff.disableAccount(account.id)
    const listed = await command('list')
    expect(listed.status).toBe(0)
    const lines = listed.out.split('\n').map((line) => line.split(/\s{2,}/))
    expect(lines[0]).toEqual(['id', 'email', 'role', 'name', 'state'])
    expect(lines.slice(1).map(([, email, role, ...rest]) => [email, role, rest.at(-1)])).toEqual([
      ['eva@centre.example', 'owner', 'active'],
      ['desk@centre.example', 'desk', 'no password yet'],
      ['former@centre.example', 'manager', 'disabled'],
    ])
  })

  it('refuses an email already on the staff and a role off the ladder, with exit status 1', async () => {
    expect(await command('add', '--email', 'eva@centre.example', '--role', 'desk')).toEqual({
      status: 1,
      out: '',
      err: 'This email already has a staff account.',
    })
    expect(await command('add', '--email', 'new@centre.example', '--role', 'admin')).toMatchObject({
      status: 1,
      err: 'Check the field "role": The role is one of desk, manager or owner.',
    })
  })

  it('gets an owner who lost their password and their phone back in, and changes roles', async () => {
    const staff = t.app.services.staff
    const login = (email: string, password: string) => staff.login({ email, password }, '127.0.0.1')
    const state = async (email: string) => (await staff.listAccounts()).find((a) => a.email === email)!

    // A forgotten password: a new link, with which Eva sets another; the old one no longer logs in.
    const linked = await command('link', '--email', 'EVA@centre.example')
    expect(linked.status, linked.err).toBe(0)
    expect(linked.out).toMatch(/^A new link for eva@centre\.example: earlier ones no longer work\./)
    const token = /token=([0-9a-f]{64})/.exec(linked.out)![1]!
    await staff.setPassword(token, 'Eva-Is-Back-2026')
    expect((await login('eva@centre.example', 'Eva-Is-Back-2026')).token).toMatch(/^[0-9a-f]{64}$/)
    await expect(login('eva@centre.example', 'Eva-Owns-It-2026')).rejects.toThrow(
      'Invalid email or password.',
    )

    // A lost phone: the second factor goes.
    const reset = await command('reset-second-factor', '--email', 'eva@centre.example')
    expect(reset).toMatchObject({ status: 0, err: '' })
    expect(reset.out).toContain('The second factor of eva@centre.example is removed')
    expect((await state('eva@centre.example')).hasSecondFactor).toBe(false)

    // Roles: the desk account becomes a manager; the only owner who can log in stays an owner.
    const promoted = await command('role', '--email', 'desk@centre.example', '--role', 'manager')
    expect(promoted).toEqual({ status: 0, out: 'desk@centre.example is now manager.', err: '' })
    expect((await state('desk@centre.example')).role).toBe('manager')
    expect(await command('role', '--email', 'eva@centre.example', '--role', 'desk')).toEqual({
      status: 1,
      out: '',
      err: 'This is the last owner who can log in: add another owner before giving this one another role.',
    })
    expect((await command('disable', '--email', 'eva@centre.example')).status).toBe(1)
    expect((await state('eva@centre.example')).role).toBe('owner')

    // Disabled, then enabled again with the password it had.
    expect((await command('disable', '--email', 'desk@centre.example')).status).toBe(0)
    expect((await state('desk@centre.example')).disabledAt).not.toBeNull()
    expect((await command('link', '--email', 'desk@centre.example')).err).toBe(
      'This account is disabled: enable it before giving it a new link.',
    )
    expect(await command('enable', '--email', 'desk@centre.example')).toEqual({
      status: 0,
      out: 'desk@centre.example can log in again.',
      err: '',
    })
    expect((await state('desk@centre.example')).disabledAt).toBeNull()

    // An email no account has is named, with nothing changed.
    expect(await command('disable', '--email', 'nobody@centre.example')).toEqual({
      status: 1,
      out: '',
      err: 'No staff account has the email nobody@centre.example. See them with: npm run staff -- list',
    })
  })

  it('shows how it is used, with exit status 2, for an unknown command or option or a missing one', async () => {
    for (const args of [
      ['remove'],
      ['add', '--email', 'x@centre.example'],
      ['list', '--all'],
      [],
      ['role', '--email', 'eva@centre.example'],
      ['disable', '--email', 'eva@centre.example', '--role', 'desk'],
      ['enable'],
    ]) {
      const answer = await command(...args)
      expect(answer.status).toBe(2)
      expect(answer.err).toContain('npm run staff -- add --email <email> --role <desk|manager|owner>')
    }
  })
})

describe('npm run staff', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-staff-cli-'))
  })
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

  /** The root script as a person runs it, with `env` over an environment naming no database. */
  async function npmRun(env: Record<string, string>, ...args: string[]) {
    const { DATABASE_URL: _ignored, ...base } = process.env
    return run('npm', ['run', '--silent', 'staff', '--', ...args], {
      cwd: repoRoot,
      env: { ...base, PUBLIC_URL: 'https://club.example', ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    )
  }

  it('works on the embedded database of DATA_DIR, as npm start does, migrating it first', async () => {
    const added = await npmRun(
      { DATA_DIR: dataDir },
      'add',
      '--email',
      'owner@centre.example',
      '--role',
      'owner',
    )
    expect(added.code).toBe(0)
    expect(added.stdout).toMatch(/https:\/\/club\.example\/staff\/set-password\?token=[0-9a-f]{64}/)
    const listed = await npmRun({ DATA_DIR: dataDir }, 'list')
    expect(listed.stdout).toMatch(/owner@centre\.example\s+owner\s+no password yet/)
  })

  it('refuses to open the embedded database while another process holds it', async () => {
    const held = await openDatabase({ dataDir })
    try {
      const refused = await npmRun({ DATA_DIR: dataDir }, 'list')
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain('is open in another process (is the server running?)')
    } finally {
      await held.close()
    }
  })

  it.runIf(process.env.TEST_DATABASE_URL)('works on the PostgreSQL of DATABASE_URL', async () => {
    const pg = await createPostgresDatabase({ migrated: false })
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: pg.url }
      expect((await npmRun(env, 'add', '--email', 'pg@centre.example', '--role', 'manager')).code).toBe(0)
      expect((await npmRun(env, 'list')).stdout).toMatch(/pg@centre\.example\s+manager/)
      // The embedded database was left alone.
      expect((await npmRun({ DATA_DIR: dataDir }, 'list')).stdout).not.toContain('pg@centre.example')
    } finally {
      await pg.drop()
    }
  })
})
