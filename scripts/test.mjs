// `npm test`: type check, lint, unit + API tests, then the browser journeys on a fresh server.
// Every step runs even when an earlier one fails, so one run shows everything that is wrong.
// The last line printed is always `N passed, N failed, N skipped`: the Vitest tests of both runs, plus
// the type check and lint as one check each; the line before it names every skipped test. The exit
// code is non-zero when any step failed.
// TEST_SKIP_E2E=1 leaves the journeys out for a quick local loop; CI ignores it.
// TEST_NODE_VERSIONS="22 24" runs the server's and the contract's tests again on each of those Node
// versions (binaries from the npm registry's `node` package, kept in node_modules/.cache/node-versions),
// the API tests on PostgreSQL only when TEST_DATABASE_URL is set (decision 101). .ci/run sets it.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

const resultsDir = mkdtempSync(join(tmpdir(), 'clubhouse-test-'))

/** Runs a command with its output streamed to ours; resolves to its exit code (null when killed). */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env })
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`)
      resolve(1)
    })
    child.on('exit', (code) => resolve(code))
  })
}

/** When the step now running started (each heading starts one). */
let stepStartedAt = Date.now()

function heading(title) {
  stepStartedAt = Date.now()
  console.log(`\n=== ${title} ===\n`)
}

/** How long the step now running has taken, as `7m 05s`. */
function stepTime() {
  const seconds = Math.round((Date.now() - stepStartedAt) / 1000)
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`
}

/** A check that is not a Vitest run (type check, lint) counts as one test. */
async function runCheck(name, npmScript) {
  heading(name)
  const code = await run('npm', ['run', '--silent', npmScript])
  return {
    name,
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    skipped: [],
    ok: code === 0,
    took: stepTime(),
  }
}

/**
 * A Vitest run counts its own tests, read from its JSON report. `node`: the Node binary to run it on;
 * `env`: variables added to ours.
 */
async function runVitest(name, extraArgs, reportName, { node = process.execPath, env = {} } = {}) {
  heading(name)
  const report = join(resultsDir, reportName)
  const code = await run(
    node,
    [
      join('node_modules', 'vitest', 'vitest.mjs'),
      'run',
      ...extraArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    { ...process.env, ...env },
  )
  const { passed, failed, skipped } = countTests(report, code)
  return { name, passed, failed, skipped, ok: failed === 0, took: stepTime() }
}

/**
 * Passed and failed tests from a Vitest JSON report, and the names of the skipped ones
 * (`<file> > <suite> > <test>`: skipped, todo or never run). A run that failed without a failing
 * test (a crash, a file that does not load, no test files, an unhandled error) counts as one
 * failure, so the summary never reads `0 failed` while the exit code says otherwise.
 */
function countTests(reportPath, exitCode) {
  let passed = 0
  let failed = 0
  const skipped = []
  if (existsSync(reportPath)) {
    try {
      const report = JSON.parse(readFileSync(reportPath, 'utf8'))
      passed = Number(report.numPassedTests) || 0
      failed = Number(report.numFailedTests) || 0
      for (const file of report.testResults ?? []) {
        for (const test of file.assertionResults ?? []) {
          if (test.status === 'passed' || test.status === 'failed') continue
          const names = [relative(process.cwd(), file.name), ...test.ancestorTitles, test.title]
          skipped.push(names.filter(Boolean).join(' > '))
        }
      }
    } catch (error) {
      console.error(`Could not read ${reportPath}: ${error.message}`)
      return { passed: 0, failed: 1, skipped: [] }
    }
  } else if (exitCode === 0) {
    console.error(`Vitest finished without writing ${reportPath}`)
    return { passed: 0, failed: 1, skipped: [] }
  }
  if (exitCode !== 0 && failed === 0) failed = 1
  return { passed, failed, skipped }
}

/**
 * The Node binary of major version `major` (`22`), installed from the npm registry's `node` package
 * the first time; undefined when it could not be installed.
 */
async function nodeBinary(major) {
  const dir = join('node_modules', '.cache', 'node-versions', major)
  const binary = join(dir, 'node_modules', 'node', 'bin', 'node')
  if (!existsSync(binary)) {
    mkdirSync(dir, { recursive: true })
    const code = await run('npm', [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefix',
      dir,
      `node@${major}`,
    ])
    if (code !== 0 || !existsSync(binary)) return undefined
  }
  return binary
}

/** The Node major versions the server's and contract's tests also run on (TEST_NODE_VERSIONS: "22 24"). */
function otherNodeVersions() {
  const own = process.versions.node.split('.')[0]
  return (process.env.TEST_NODE_VERSIONS ?? '').split(/[\s,]+/).filter((v) => /^\d+$/.test(v) && v !== own)
}

async function main() {
  const inCi = Boolean(process.env.CI)
  const skipJourneys = process.env.TEST_SKIP_E2E === '1' && !inCi

  const results = []
  results.push(await runCheck('type check', 'typecheck'))
  results.push(await runCheck('lint', 'lint'))
  results.push(await runVitest(`unit and API tests (Node ${process.versions.node})`, [], 'unit.json'))
  if (skipJourneys) {
    heading('browser journeys')
    console.log('Skipped: TEST_SKIP_E2E=1. Run `npm test` without it before committing.')
  } else {
    if (process.env.TEST_SKIP_E2E === '1') console.log('TEST_SKIP_E2E is ignored in CI.')
    results.push(await runVitest('browser journeys', ['--config', 'e2e/vitest.config.ts'], 'e2e.json'))
  }
  for (const major of otherNodeVersions()) {
    heading(`Node ${major}`)
    const node = await nodeBinary(major)
    if (!node) {
      console.error(`Could not install Node ${major} from the npm registry.`)
      results.push({
        name: `server and contract tests (Node ${major})`,
        passed: 0,
        failed: 1,
        skipped: [],
        ok: false,
      })
      continue
    }
    const version = await new Promise((resolve) => {
      const child = spawn(node, ['--version'])
      let out = ''
      child.stdout.on('data', (chunk) => (out += chunk))
      child.on('exit', () => resolve(out.trim().replace(/^v/, '')))
    })
    // What runs on the server's Node: the server's and the contract's tests, the API tests on
    // PostgreSQL only when it is there (decision 101). The web's component tests run in jsdom.
    results.push(
      await runVitest(
        `server and contract tests (Node ${version})`,
        ['--project', 'server', '--project', 'contract'],
        `unit-${major}.json`,
        { node, env: { TEST_DATABASE_KINDS: 'postgres' } },
      ),
    )
  }
  rmSync(resultsDir, { recursive: true, force: true })

  heading('summary')
  for (const r of results) {
    const skippedHere = r.skipped.length ? `, ${r.skipped.length} skipped` : ''
    console.log(
      `${r.ok ? 'ok    ' : 'FAILED'}  ${r.name}: ${r.passed} passed, ${r.failed} failed${skippedHere}${r.took ? ` in ${r.took}` : ''}`,
    )
  }
  if (skipJourneys) console.log('skipped browser journeys (TEST_SKIP_E2E=1)')
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      'TEST_DATABASE_URL is not set: the API tests ran on the embedded database only, and the PostgreSQL suites were skipped.',
    )
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0)
  const failed = results.reduce((sum, r) => sum + r.failed, 0)
  const skipped = results.flatMap((r) => r.skipped)
  if (skipped.length)
    console.log(`${skipped.length} skipped:\n${skipped.map((name) => `  ${name}`).join('\n')}`)
  console.log(`${passed} passed, ${failed} failed, ${skipped.length} skipped`)
  process.exitCode = results.every((r) => r.ok) ? 0 : 1
}

await main()
