// `npm test`: type check, lint and the web build (at once), unit + API tests, then the browser
// journeys on fresh servers.
// Every step runs even when an earlier one fails, so one run shows everything that is wrong.
// The last line printed is always `N passed, N failed, N skipped`: the Vitest tests of every run,
// plus the type check, the web build and lint as one check each; the line before it names every
// skipped test. The exit code is non-zero when any step failed.
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
  return timeSince(stepStartedAt)
}

function timeSince(startedAt) {
  const seconds = Math.round((Date.now() - startedAt) / 1000)
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`
}

/** Runs a command with its output kept, not streamed; resolves to its exit code and output. */
function runQuietly(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', (error) => resolve({ code: 1, output: `Could not start ${command}: ${error.message}` }))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

/** A check that is not a Vitest run (type check, lint, build) counts as one test. */
function checkResult(name, code, took = stepTime()) {
  return { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: [], ok: code === 0, took }
}

/**
 * The type check, lint and the web app's production build, at once: the type check and the build
 * each keep about one core busy, and lint is short. The build is what the journeys and the
 * server-rendering tests run (they build it themselves when it is missing or stale, as after a
 * change during development). The type check streams its output; lint's and the build's are shown
 * when they have finished, the build's only when it failed.
 */
async function typeCheckLintAndBuild() {
  heading('type check, lint and web build')
  const startedAt = Date.now()
  const build = runQuietly('npm', ['run', 'build', '-w', '@clubhouse/web'], {
    ...process.env,
    NODE_ENV: 'production',
  })
  const lint = runQuietly('npm', ['run', '--silent', 'lint']).then((done) => ({
    ...done,
    took: timeSince(startedAt),
  }))
  const typeCheck = checkResult('type check', await run('npm', ['run', '--silent', 'typecheck']))
  const { code: lintCode, output: lintOutput, took: lintTook } = await lint
  console.log(lintCode === 0 ? 'Lint passed.' : `Lint failed:\n${lintOutput}`)
  const { code: buildCode, output } = await build
  if (buildCode !== 0) console.log(`The web build failed:\n${output}`)
  else console.log('The web app is built.')
  return [typeCheck, checkResult('lint', lintCode, lintTook), checkResult('web build', buildCode)]
}

/**
 * A Vitest run counts its own tests, read from its JSON report. `node`: the Node binary to run it on;
 * `env`: variables added to ours.
 */
async function runVitest(name, extraArgs, reportName, { node = process.execPath, env = {} } = {}) {
  heading(name)
  const report = join(resultsDir, reportName)
  const code = await run(node, vitestArgs(extraArgs, report), { ...process.env, ...env })
  const { passed, failed, skipped, failures } = countTests(report, code)
  return { name, passed, failed, skipped, failures, ok: failed === 0, took: stepTime() }
}

function vitestArgs(extraArgs, report) {
  return [
    join('node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ]
}

/**
 * A Vitest run beside others: its output is kept and printed, under its name, once it has finished,
 * so runs at the same time do not mix their lines.
 */
async function runVitestBeside(name, extraArgs, reportName, { node, env = {} }) {
  const startedAt = Date.now()
  const report = join(resultsDir, reportName)
  const { code, output } = await runQuietly(node, vitestArgs(extraArgs, report), { ...process.env, ...env })
  console.log(`\n=== ${name} ===\n\n${output}`)
  const { passed, failed, skipped, failures } = countTests(report, code)
  return { name, passed, failed, skipped, failures, ok: failed === 0, took: timeSince(startedAt) }
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
  const failures = []
  if (existsSync(reportPath)) {
    try {
      const report = JSON.parse(readFileSync(reportPath, 'utf8'))
      passed = Number(report.numPassedTests) || 0
      failed = Number(report.numFailedTests) || 0
      for (const file of report.testResults ?? []) {
        const fileName = relative(process.cwd(), file.name)
        if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
          failures.push({ name: fileName, message: file.message ?? '' })
        for (const test of file.assertionResults ?? []) {
          if (test.status === 'passed') continue
          const name = [fileName, ...test.ancestorTitles, test.title].filter(Boolean).join(' > ')
          if (test.status === 'failed')
            failures.push({ name, message: (test.failureMessages ?? []).join('\n') })
          else skipped.push(name)
        }
      }
    } catch (error) {
      console.error(`Could not read ${reportPath}: ${error.message}`)
      return { passed: 0, failed: 1, skipped: [], failures: [] }
    }
  } else if (exitCode === 0) {
    console.error(`Vitest finished without writing ${reportPath}`)
    return { passed: 0, failed: 1, skipped: [], failures: [] }
  }
  if (exitCode !== 0 && failed === 0) failed = 1
  return { passed, failed, skipped, failures }
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
    const { code, output } = await runQuietly('npm', [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefix',
      dir,
      `node@${major}`,
    ])
    if (code !== 0 || !existsSync(binary)) {
      console.error(`Could not install Node ${major} from the npm registry:\n${output}`)
      return undefined
    }
  }
  return binary
}

/** The version a Node binary reports, such as `22.23.3`. */
function versionOf(node) {
  return new Promise((resolve) => {
    const child = spawn(node, ['--version'])
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.on('exit', () => resolve(out.trim().replace(/^v/, '')))
  })
}

/**
 * The server's and the contract's tests on each other Node version, all at once: a run waits on
 * PostgreSQL much of the time, and the others use the cores meanwhile (decision 104). `binaries`:
 * the version's major and the promise of its binary, installing since the start of `npm test`.
 */
async function otherNodeRuns(binaries) {
  if (binaries.length === 0) return []
  heading(`server and contract tests on Node ${binaries.map((b) => b.major).join(' and ')}`)
  console.log('They run at the same time; the output of each follows when it has finished.')
  return Promise.all(
    binaries.map(async ({ major, binary }) => {
      const node = await binary
      if (!node) {
        return {
          name: `server and contract tests (Node ${major})`,
          passed: 0,
          failed: 1,
          skipped: [],
          ok: false,
        }
      }
      // What runs on the server's Node: the server's and the contract's tests, the API tests on
      // PostgreSQL only when it is there (decision 101). The web's component tests run in jsdom.
      return runVitestBeside(
        `server and contract tests (Node ${await versionOf(node)})`,
        ['--project', 'server', '--project', 'contract'],
        `unit-${major}.json`,
        { node, env: { TEST_DATABASE_KINDS: 'postgres' } },
      )
    }),
  )
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
  // The other Node versions download while the first steps run.
  const otherBinaries = otherNodeVersions().map((major) => ({ major, binary: nodeBinary(major) }))
  results.push(...(await typeCheckLintAndBuild()))
  results.push(await runVitest(`unit and API tests (Node ${process.versions.node})`, [], 'unit.json'))
  if (skipJourneys) {
    heading('browser journeys')
    console.log('Skipped: TEST_SKIP_E2E=1. Run `npm test` without it before committing.')
  } else {
    if (process.env.TEST_SKIP_E2E === '1') console.log('TEST_SKIP_E2E is ignored in CI.')
    results.push(await runVitest('browser journeys', ['--config', 'e2e/vitest.config.ts'], 'e2e.json'))
  }
  results.push(...(await otherNodeRuns(otherBinaries)))
  rmSync(resultsDir, { recursive: true, force: true })

  heading('summary')
  for (const r of results) {
    const skippedHere = r.skipped.length ? `, ${r.skipped.length} skipped` : ''
    console.log(
      `${r.ok ? 'ok    ' : 'FAILED'}  ${r.name}: ${r.passed} passed, ${r.failed} failed${skippedHere}${r.took ? ` in ${r.took}` : ''}`,
    )
  }
  // The failing tests are named again here, with the start of their message, so that a log's
  // last lines say what failed without the whole output.
  for (const r of results) {
    for (const failure of r.failures ?? []) {
      const firstLines = failure.message
        .split('\n')
        .filter((line) => line.trim())
        .slice(0, 3)
      console.log(`  failed in ${r.name}: ${failure.name}`)
      for (const line of firstLines) console.log(`      ${line.trim().slice(0, 200)}`)
    }
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
