/**
 * Failed loads are logged as the spec words them ('Crash getting shop', spec 1 §8) and then fail
 * as usual, so the section shows its empty or error state. A call cancelled because nobody needs
 * its answer any more is not a crash.
 */
export async function logCrash<T>(
  what: string,
  signal: AbortSignal | undefined,
  run: Promise<T>,
): Promise<T> {
  try {
    return await run
  } catch (error) {
    // On the server a failed load is part of the page (its "not found" or error state), not a crash.
    if (!signal?.aborted && !import.meta.env.SSR) console.warn(`Crash getting ${what}`, error)
    throw error
  }
}
