/**
 * Work a request starts and does not wait for: it answers first (so its answer takes the same time
 * whatever the work finds — an unknown email as fast as a known one) and the work goes on after.
 * A failure is logged, never lost silently. `settled` waits for everything started so far: the app
 * waits for it when it closes, tests before they read what the work wrote.
 */
export function createBackground(
  log: { error: (obj: object, msg: string) => void },
  opts: {
    /** Runs each piece of work (in a context of its own: whose data its writes change, decision 102). */
    runAs?: <T>(work: () => T) => T
  } = {},
) {
  const runAs = opts.runAs ?? (<T>(work: () => T) => work())
  const running = new Set<Promise<void>>()

  function run(work: () => Promise<unknown>): void {
    const task: Promise<void> = Promise.resolve()
      .then(() => runAs(work))
      .then(
        () => {},
        (err: unknown) => log.error({ err }, 'background work failed'),
      )
      .finally(() => running.delete(task))
    running.add(task)
  }

  async function settled(): Promise<void> {
    while (running.size > 0) await Promise.all(running)
  }

  return { run, settled }
}

export type Background = ReturnType<typeof createBackground>
