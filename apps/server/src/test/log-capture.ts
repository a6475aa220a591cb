/** One line the app logged, as pino wrote it (JSON). */
export type LogLine = Record<string, unknown> & { level: number; msg: string }

export const LOG_LEVEL_NUMBER = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const

/**
 * A logger configuration for buildApp whose lines are kept in memory, so a test reads exactly what
 * an operator would read in the server's log.
 */
export function captureLog(level: keyof typeof LOG_LEVEL_NUMBER = 'info') {
  const lines: LogLine[] = []
  const waiters: Array<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }> = []
  const stream = {
    write(chunk: string) {
      const line = JSON.parse(chunk) as LogLine
      lines.push(line)
      for (const waiter of [...waiters]) {
        if (waiter.match(line)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(line)
        }
      }
    },
  }
  return {
    logger: { level, stream },
    lines,
    /** Resolves with the first line, logged already or later, that matches. */
    waitFor: (match: (line: LogLine) => boolean) =>
      new Promise<LogLine>((resolve) => {
        const seen = lines.find(match)
        if (seen) resolve(seen)
        else waiters.push({ match, resolve })
      }),
    /** Every line as its raw JSON text, for asserting what never appears anywhere. */
    text: () => lines.map((l) => JSON.stringify(l)).join('\n'),
  }
}
