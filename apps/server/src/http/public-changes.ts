import { afterCommit } from '../db/units.ts'

/**
 * A count of the changes this process made to what public pages show (lists, products, posts,
 * availability, settings), bumped once each commits. Rendered pages remember the count they were
 * made at and are made again when it moved (decision 086); changes made by other instances reach
 * them as they reach the API answers: within the answers' own time to live.
 */
let generation = 0

/** Counts a change, once the open unit of work (if any) commits. */
export function publicDataChanged(): void {
  afterCommit(() => {
    generation++
  })
}

export const publicGeneration = (): number => generation
