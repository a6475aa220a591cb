import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Whose kept data the statements of the work under way may change (read-your-writes per customer,
 * decision 102):
 * - a customer's id: a request of that customer — only their sessions and answers wait for it;
 * - `'nothing kept'`: the writes change nothing any cache keeps (the rate limits' counters);
 * - `undefined`: not known (a fixture, the mailer, a sweep, a request without a customer) —
 *   everything kept waits for it, as every write used to make it wait.
 */
export type Writer = number | 'nothing kept' | undefined

const current = new AsyncLocalStorage<{ writer: Writer }>()

/** The writer of the work under way. */
export function currentWriter(): Writer {
  return current.getStore()?.writer
}

/** Runs `work` as the work of `customer` (none: a writer not known). */
export function writingFor<T>(customer: number | undefined, work: () => T): T {
  return current.run({ writer: customer }, work)
}

/** Runs `work` whose writes change nothing a cache keeps. */
export function writingNothingKept<T>(work: () => T): T {
  return current.run({ writer: 'nothing kept' }, work)
}

/**
 * Runs `work` as nobody's in particular: work a request starts that goes on after it (mail, an
 * after-commit hook) may change other customers' data, so everything waits for its writes.
 */
export function writingForAnyone<T>(work: () => T): T {
  return current.run({ writer: undefined }, work)
}
