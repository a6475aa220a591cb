// The web app compares the API's error codes with the contract's constants, never with bare strings
// (eslint.config.js): checked with the repository's own lint configuration.
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: repoRoot })

async function problemsOf(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line)
}

const bare = [
  "import { ApiError } from '../lib/api-error.ts'",
  'export const taken = (e: ApiError) => e.code === "email_taken"',
  "export const other = (e: ApiError) => 'rate_limited' !== e.code",
  'export function word(e: ApiError) {',
  '  switch (e.code) {',
  "    case 'invalid_token':",
  "      return 'link'",
  '  }',
  "  return ''",
  '}',
  '',
].join('\n')

describe('error codes in the web app', () => {
  it('refuses a bare code string compared with a code, either side, or as a switch case', async () => {
    expect(await problemsOf('apps/web/src/features/customers/codes.ts', bare)).toEqual([2, 3, 6])
  })

  it("passes comparisons with the contract's constants, and tests that write codes as the server sends them", async () => {
    const constants = [
      "import { CustomerErrorCode } from '@clubhouse/contract/constants'",
      "import { ApiError } from '../lib/api-error.ts'",
      'export const taken = (e: ApiError) => e.code === CustomerErrorCode.emailTaken',
      '',
    ].join('\n')
    expect(await problemsOf('apps/web/src/features/customers/codes.ts', constants)).toEqual([])
    expect(await problemsOf('apps/web/src/features/customers/codes.test.ts', bare)).toEqual([])
  })
})
