/**
 * Runs `work` a first time after `firstAfterMs` and then every `everyMs`, one run at a time (a tick
 * that finds the last run still going does nothing); `everyMs` 0 or less never runs it (tests that
 * sweep by hand). A first run due no sooner than the period's first tick is that tick, so the two
 * never fire together. The timers never keep the process alive; `stop` ends them and waits for a
 * run under way (app close).
 */
export function repeatEvery(
  everyMs: number,
  firstAfterMs: number,
  work: () => Promise<unknown>,
): { stop: () => Promise<void> } {
  if (everyMs <= 0) return { stop: async () => {} }
  let running: Promise<unknown> | undefined
  const tick = () => {
    running ??= work().finally(() => (running = undefined))
  }
  const first = firstAfterMs < everyMs ? setTimeout(tick, firstAfterMs) : undefined
  const timer = setInterval(tick, everyMs)
  first?.unref()
  timer.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
