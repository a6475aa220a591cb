import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { FormErrorCode } from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'
import { cleanFileName, fileKindOf, type FileKind } from './file-types.ts'
import type { FormContext, SaveForm, Upload } from './form-context.ts'
import { formFiles, formSubmissions, type formFields } from './forms.tables.ts'

/** A file of a save, checked by its content, with the name it is stored under once its submission commits. */
export interface CheckedFile {
  fieldId: number
  upload: Upload
  kind: FileKind
  size: number
  storedName: string
}

/** The files of a save once checked, what they take, and how a refusal names their fields. */
export interface CheckedUploads {
  files: CheckedFile[]
  bytes: number
  /** The same message under each file field of the save, for a refusal of its files. */
  onFileFields: (message: string) => Record<string, string>
  /** The refusal of files past the space one customer has. */
  overQuota: () => AppError
}

/**
 * The files a save carries: each checked by its content, their space counted against one customer's
 * (decision 073), kept with their submission in its unit, and moved into place once it committed.
 */
export function createFormUploads(ctx: FormContext) {
  const { db, customers, filesDir, quotaBytes } = ctx

  /**
   * Checks the files of a save before its unit of work: a file is kept only with the answers of a
   * real customer or of the registration that opens one, each upload is named once and read for its
   * kind (not its name), and all of them together fit one customer's space.
   */
  async function checkUploads(
    input: SaveForm,
    uploads: readonly Upload[],
    byId: ReadonlyMap<number, typeof formFields.$inferSelect>,
    registering: boolean,
  ): Promise<CheckedUploads> {
    const uploadOf = new Map(uploads.map((u) => [u.ref, u]))
    const fileFields = input.fields.filter((f) => f.file !== undefined)
    const onFileFields = (message: string) =>
      Object.fromEntries(fileFields.map((f) => [byId.get(f.id)!.name, message]))
    // A file is kept with the answers of a real customer, or of the registration that opens one.
    if (fileFields.length && !registering && input.customerId === 0) {
      throw new AppError('unauthorized', 'Log in to send files with this form.', {
        status: 401,
        errors: onFileFields('Log in to send a file.'),
      })
    }
    const files: CheckedFile[] = []
    // Each file of each file field checked as one (decision 082); an upload named twice is no upload.
    const named = new Set<string>()
    for (const one of input.fields) {
      for (const ref of one.file ?? []) {
        const upload = uploadOf.get(ref)
        if (!upload || named.has(ref)) throw new AppError('bad_request', 'The request is not valid.')
        named.add(ref)
        const kind = fileKindOf(await fs.readFile(upload.tmpPath))
        if (!kind) {
          throw new AppError(
            FormErrorCode.fileType,
            'Only images, PDF, Word, Excel and text files are accepted.',
            { status: 415, errors: { [byId.get(one.id)!.name]: 'This kind of file is not accepted.' } },
          )
        }
        const { size } = await fs.stat(upload.tmpPath)
        files.push({ fieldId: one.id, upload, kind, size, storedName: `${randomUUID()}.${kind.ext}` })
      }
    }
    const bytes = files.reduce((sum, f) => sum + f.size, 0)
    const overQuota = () =>
      new AppError(
        FormErrorCode.fileQuota,
        `Your files would take more than the ${quotaBytes / 1024 / 1024} MB of space each customer has.`,
        { status: 422, errors: onFileFields('There is no space left for this file.') },
      )
    if (bytes > quotaBytes) throw overQuota()
    return { files, bytes, onFileFields, overQuota }
  }

  /**
   * Refuses `bytes` more files of a customer past their space. Under the lock of the customer's row,
   * taken in the caller's unit of work: two saves of one customer, on any instances, pass here one
   * after the other, and the second sums what the first wrote (decision 073).
   */
  async function checkSpace(customerId: number, bytes: number, refuse: () => AppError) {
    await customers.lockAccount(customerId)
    const [used] = await db
      .select({ bytes: sql<number | string>`coalesce(sum(${formFiles.size}), 0)` })
      .from(formFiles)
      .innerJoin(formSubmissions, eq(formSubmissions.id, formFiles.submissionId))
      .where(eq(formSubmissions.customerId, customerId))
    if (Number(used?.bytes ?? 0) + bytes > quotaBytes) throw refuse()
  }

  /**
   * In the submission's unit: the rows of its files, under the names they will be moved to.
   * `expiresAt` is the end of their day when no real customer keeps them yet (a registration's).
   */
  async function keepFiles(submissionId: number, files: readonly CheckedFile[], expiresAt: Date | null) {
    await db.insert(formFiles).values(
      files.map((f) => ({
        submissionId,
        fieldId: f.fieldId,
        storedName: f.storedName,
        originalName: cleanFileName(f.upload.originalName, f.kind),
        contentType: f.kind.contentType,
        size: f.size,
        expiresAt,
      })),
    )
  }

  /** After the submission committed: its files move from their temporary names into place. */
  async function moveIntoPlace(files: readonly CheckedFile[]) {
    for (const f of files) await fs.rename(f.upload.tmpPath, path.join(filesDir, f.storedName))
  }

  return { checkUploads, checkSpace, keepFiles, moveIntoPlace }
}

export type FormUploads = ReturnType<typeof createFormUploads>
