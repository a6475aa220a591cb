import { and, asc, eq } from 'drizzle-orm'
import { Banner, FileUpload, okData, rowData, type Locale } from '@clubhouse/contract/server'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { createAnswerCache, toCachedAnswer, type CachedAnswer } from '../../http/cached-answer.ts'
import { imageUrl } from '../../lib/images.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import {
  NewBanner,
  NewFileUpload,
  type NewBanner as NewBannerInput,
  type NewFileUpload as NewFileUploadInput,
} from './home.schemas.ts'
import { banners, fileUploads } from './home.tables.ts'

const BannerRows = rowData(Banner)
const FileUploadList = okData(z.array(FileUpload))

/**
 * Home page content besides the settings: banners and the files of a record (gallery, sponsors).
 * Answers are built once per `ttlMs` and per language and query (process-local, cleared by every
 * change made through this service).
 */
export function createHomeService(db: Db, opts: { ttlMs: number }) {
  const cache = createAnswerCache({ ttlMs: opts.ttlMs })

  return {
    bannersAnswer: (locale: Locale): Promise<CachedAnswer> =>
      cache.get(`banners|${locale}`, async () => {
        const rows = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.id))
        return toCachedAnswer(BannerRows, {
          rowData: rows.map((b) => ({
            id: b.id,
            title: b.title[locale],
            text: sanitizeCmsHtml(b.text[locale]),
            image: b.image ? imageUrl(b.image) : null,
            url: b.url,
          })),
        })
      }),

    fileUploadsAnswer: (
      query: { parentName: string; parentId: number; category: string },
      locale: Locale,
    ): Promise<CachedAnswer> =>
      cache.get(`files|${locale}|${JSON.stringify(query)}`, async () => {
        const rows = await db
          .select()
          .from(fileUploads)
          .where(
            and(
              eq(fileUploads.parentName, query.parentName),
              eq(fileUploads.parentId, query.parentId),
              eq(fileUploads.category, query.category),
            ),
          )
          .orderBy(asc(fileUploads.position), asc(fileUploads.id))
          .limit(200)
        return toCachedAnswer(FileUploadList, {
          ok: true,
          data: rows.map((f) => ({
            url: imageUrl(f.file),
            description: f.description,
            ...(f.title ? { title: f.title[locale] } : {}),
          })),
        })
      }),

    async createBanners(items: NewBannerInput[]): Promise<number[]> {
      const values = items.map((item) => {
        const b = NewBanner.parse(item)
        return {
          ...b,
          text: { 'es-ES': sanitizeCmsHtml(b.text['es-ES']), 'en-US': sanitizeCmsHtml(b.text['en-US']) },
        }
      })
      if (values.length === 0) return []
      const rows = await db.insert(banners).values(values).returning({ id: banners.id })
      cache.clear()
      return rows.map((r) => r.id)
    },

    async createFileUploads(items: NewFileUploadInput[]): Promise<number[]> {
      const values = items.map((item) => NewFileUpload.parse(item))
      if (values.length === 0) return []
      const rows = await db.insert(fileUploads).values(values).returning({ id: fileUploads.id })
      cache.clear()
      return rows.map((r) => r.id)
    },
  }
}

export type HomeService = ReturnType<typeof createHomeService>
