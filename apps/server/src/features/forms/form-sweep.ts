import fs from 'node:fs/promises'
import path from 'node:path'
import { asc, eq, inArray, lte } from 'drizzle-orm'
import { hitWindow } from '../../http/rate-limit-counter.ts'
import { repeatEvery } from '../../lib/repeat.ts'
import { UNLINKED_FILE_MS, UPLOAD_PREFIX, type FormContext } from './form-context.ts'
import { formFiles, formSubmissions } from './forms.tables.ts'

/** Files the sweep takes at a time. */
const SWEEP_BATCH = 100

/** The sweep of the files forms carried that are linked to nothing, and its timer. */
export function createFormSweep(ctx: FormContext) {
  const { db, units, customers, log, filesDir, clock } = ctx

  /**
   * Ends the day of the files linked to no real customer (decision 073): a registration's whose
   * account is activated by then are kept for good, the others removed. Rows are claimed with SKIP
   * LOCKED, so however many instances sweep, each file is dealt with by one. A file goes before its
   * row's removal commits: a sweep cut short leaves a row to sweep again, never a file without one.
   */
  async function sweepExpiredFiles(now: Date): Promise<{ removed: number; kept: number }> {
    let removed = 0
    let kept = 0
    for (;;) {
      const batch = await units.run(async () => {
        const due = await db
          .select({
            id: formFiles.id,
            storedName: formFiles.storedName,
            customerId: formSubmissions.customerId,
          })
          .from(formFiles)
          .innerJoin(formSubmissions, eq(formSubmissions.id, formFiles.submissionId))
          .where(lte(formFiles.expiresAt, now))
          .orderBy(asc(formFiles.expiresAt), asc(formFiles.id))
          .limit(SWEEP_BATCH)
          .for('update', { of: formFiles, skipLocked: true })
        const activated = await customers.activatedAmong([
          ...new Set(due.flatMap((f) => (f.customerId === null ? [] : [f.customerId]))),
        ])
        const isKept = (f: (typeof due)[number]) => f.customerId !== null && activated.has(f.customerId)
        const keep = due.filter(isKept).map((f) => f.id)
        const gone = due.filter((f) => !isKept(f))
        if (keep.length) {
          await db.update(formFiles).set({ expiresAt: null }).where(inArray(formFiles.id, keep))
        }
        if (gone.length) {
          await Promise.all(gone.map((f) => fs.rm(path.join(filesDir, f.storedName), { force: true })))
          await db.delete(formFiles).where(
            inArray(
              formFiles.id,
              gone.map((f) => f.id),
            ),
          )
        }
        return { due: due.length, kept: keep.length, removed: gone.length }
      })
      removed += batch.removed
      kept += batch.kept
      if (batch.due < SWEEP_BATCH) return { removed, kept }
    }
  }

  /**
   * Removes what requests cut short (a process stopped mid-upload) left at a temporary name for a
   * day. The folder is read by one instance an hour: the first to claim the hour's window.
   */
  async function sweepStrayUploads(now: number): Promise<number> {
    const { count } = await hitWindow(db, 'sweep|form-file-uploads', 3_600_000)
    if (count > 1) return 0
    const names = await fs.readdir(filesDir).catch(() => [] as string[])
    let removed = 0
    for (const name of names.filter((n) => n.startsWith(UPLOAD_PREFIX))) {
      const file = path.join(filesDir, name)
      const stat = await fs.stat(file).catch(() => undefined)
      if (stat && stat.mtimeMs <= now - UNLINKED_FILE_MS) {
        await fs.rm(file, { force: true })
        removed += 1
      }
    }
    return removed
  }

  /** The sweep of files linked to nothing: their row's day ended, or a request left them behind. */
  async function sweepFiles(): Promise<{ removed: number; kept: number; strays: number }> {
    const now = clock()
    const files = await sweepExpiredFiles(new Date(now))
    return { ...files, strays: await sweepStrayUploads(now) }
  }

  /** Runs the sweep a minute after start and then every `everyMs` (0: never, for tests that sweep by hand). */
  function startSweeping(everyMs: number) {
    return repeatEvery(everyMs, 60_000, () =>
      sweepFiles().then(
        (swept) => {
          if (swept.removed || swept.strays) log?.debug(swept, 'unlinked form files removed')
        },
        (err: unknown) => log?.warn({ err }, 'form files sweep failed'),
      ),
    )
  }

  return { sweepFiles, startSweeping }
}
