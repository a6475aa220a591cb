import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  dynamicFormRoutes,
  MAX_FORM_FIELDS,
  MAX_FORM_FILE_BYTES,
  MAX_FORM_FILES,
  MAX_FORM_VALUE_LENGTH,
} from '@clubhouse/contract/server'
import { addRoute } from '../../http/route.ts'
import { AppError } from '../../lib/app-error.ts'
import { pickLocale } from '../../lib/localised.ts'
import { formFilesDir, UPLOAD_PREFIX, type FormsService, type Upload } from './forms.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** `fields[3].value` or `fields[3][value]`: a part of the third field. */
const FIELD_PART = /^fields\[(\d{1,3})\](?:\.(id|name|value|file)|\[(id|name|value|file)\])$/

const uploadsOf = new WeakMap<FastifyRequest, Upload[]>()

const tooLarge = () =>
  new AppError('payload_too_large', `A file is larger than ${MAX_FORM_FILE_BYTES / 1024 / 1024} MB.`)

/**
 * Reads a save's multipart parts into the body the contract validates: text parts by name,
 * `fields[i].key` into the field list, each file written to a temporary name (in the form files'
 * folder, so moving it into place is a rename) and named in its field by a reference of its own.
 */
async function readMultipartBody(req: FastifyRequest, tmpDir: string): Promise<Record<string, unknown>> {
  if (!req.isMultipart())
    throw new AppError('unsupported_media_type', 'This content type is not accepted here.')
  const uploads: Upload[] = []
  uploadsOf.set(req, uploads)
  const body: Record<string, unknown> = {}
  const fields: Record<string, unknown>[] = []
  const put = (name: string, value: unknown, isFile = false) => {
    const m = FIELD_PART.exec(name)
    const index = m ? Number(m[1]) : -1
    if (m && index < MAX_FORM_FIELDS) {
      const field = (fields[index] ??= {})
      const key = m[2] ?? m[3]!
      // A file field's parts gather in their order (decision 082); a text part named so is no
      // upload, and leaves a value the contract refuses.
      if (key === 'file' && isFile) field.file = [...(Array.isArray(field.file) ? field.file : []), value]
      else field[key] = value
    } else {
      body[name] = value
    }
  }
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const tmpPath = path.join(tmpDir, `${UPLOAD_PREFIX}${randomUUID()}`)
        const ref = `upload-${uploads.length}`
        uploads.push({ ref, tmpPath, originalName: part.filename })
        await pipeline(part.file, createWriteStream(tmpPath, { flags: 'wx' }))
        if (part.file.truncated) throw tooLarge()
        // A file input left empty still sends a part: no name, no bytes.
        if (part.filename === '' && (await fs.stat(tmpPath)).size === 0) continue
        put(part.fieldname, ref, true)
      } else {
        const value = part.value
        put(part.fieldname, value === 'true' ? true : value === 'false' ? false : value)
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('payload_too_large', 'The form has too many parts.')
    }
    throw new AppError('bad_request', 'The request is not valid.')
  }
  // The text parts of a field are text to the contract, whatever they read.
  for (const field of fields) {
    for (const key of ['name', 'value'] as const) {
      if (typeof field?.[key] === 'boolean') field[key] = String(field[key])
    }
  }
  if (fields.length) body.fields = Array.from(fields, (f) => f ?? {})
  return body
}

/** Dynamic forms: a form's definition, the multipart save, and the lists lookups read. */
export const formsFeature: FastifyPluginAsync<{ forms: FormsService; dataDir: string }> = async (
  app,
  { forms, dataDir },
) => {
  const filesDir = formFilesDir(dataDir)
  await fs.mkdir(filesDir, { recursive: true })
  await app.register(multipart, {
    limits: {
      fileSize: MAX_FORM_FILE_BYTES,
      files: MAX_FORM_FILES,
      fields: MAX_FORM_FIELDS * 4 + 10,
      fieldSize: MAX_FORM_VALUE_LENGTH * 4,
      parts: MAX_FORM_FIELDS * 5 + 10,
    },
  })
  // Before the route's own checks (its owner reads `customerId` from the body).
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.url === dynamicFormRoutes.save.path && req.method === 'POST') {
      req.body = await readMultipartBody(req, filesDir)
    }
  })
  // Whatever happened, nothing stays at a temporary name (a saved file was moved already): before
  // the answer leaves, and once more after it, for a request that ended without one.
  const removeUploads = async (req: FastifyRequest) => {
    const uploads = uploadsOf.get(req)
    if (uploads) await Promise.all(uploads.map((u) => fs.rm(u.tmpPath, { force: true })))
  }
  app.addHook('onSend', async (req) => {
    await removeUploads(req)
  })
  app.addHook('onResponse', removeUploads)

  addRoute(app, dynamicFormRoutes.formDef, async (req) => ({
    ok: true as const,
    model: await forms.formDef(req.params.parentName, req.params.parentId, localeOf(req)),
  }))

  addRoute(app, dynamicFormRoutes.save, async (req) => {
    const model = await forms.save(req.body, uploadsOf.get(req) ?? [], {
      locale: localeOf(req),
      client: req.ip,
    })
    return { ok: true, errorMsg: null, model }
  })

  addRoute(app, dynamicFormRoutes.citiesList, async (req) => ({
    ok: true as const,
    rowData: await forms.cities(req.query.startRow, req.query.endRow),
  }))
}
