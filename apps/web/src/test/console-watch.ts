import { vi } from 'vitest'

type Level = 'warn' | 'error'

const original: Record<Level, (...args: unknown[]) => void> = {
  warn: console.warn.bind(console),
  error: console.error.bind(console),
}
let unexpected: string[] = []

/**
 * Records every console warning and error a test prints (still printing it), so that the test can be
 * failed afterwards: a warning is a failed load or a misuse nobody arranged.
 */
export function recordConsole() {
  unexpected = []
  for (const level of ['warn', 'error'] as const) {
    console[level] = (...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`)
      original[level](...args)
    }
  }
}

/** Puts the console back and fails the test if it printed a warning or error it did not expect. */
export function checkConsole() {
  console.warn = original.warn
  console.error = original.error
  const printed = unexpected
  unexpected = []
  if (printed.length > 0) {
    throw new Error(
      `The test printed what it did not expect (watch it with expectWarnings):\n${printed.join('\n')}`,
    )
  }
}

/**
 * For a test that causes a failed load on purpose: keeps its warnings out of the output and of the
 * check above. The test asserts on the returned spy that the warning it caused was printed.
 */
export function expectWarnings() {
  return vi.spyOn(console, 'warn').mockImplementation(() => {})
}
