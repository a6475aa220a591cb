import { eq, sql } from 'drizzle-orm'
import {
  HomeTemplate,
  LegalSettings,
  Locale,
  MainSettings,
  type Locale as LocaleT,
} from '@clubhouse/contract/server'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { afterCommit, inUnit } from '../../db/units.ts'
import { publicDataChanged } from '../../http/public-changes.ts'
import { etagOf, type CachedAnswer } from '../../http/cached-answer.ts'
import { AppError } from '../../http/errors.ts'
import { localise, type Localised } from '../../lib/localised.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import {
  StoredHomeTemplate,
  StoredLegalSettings,
  StoredMainSettings,
  type SettingsKind,
} from './content.schemas.ts'
import { settings } from './content.tables.ts'

const stored = { main: StoredMainSettings, template: StoredHomeTemplate, legal: StoredLegalSettings }
const answered = { main: MainSettings, template: HomeTemplate, legal: LegalSettings }

type StoredOf<K extends SettingsKind> = z.infer<(typeof stored)[K]>
type AnsweredOf<K extends SettingsKind> = z.infer<(typeof answered)[K]>

interface CacheEntry {
  updatedAt: string
  checkedAt: number
  answers: Map<LocaleT, CachedAnswer<unknown>>
}

/** Legal texts are HTML written in the back office: sanitised when stored and again when served. */
function sanitizeLegal(doc: StoredOf<'legal'>): StoredOf<'legal'> {
  const out = {} as Record<string, Localised>
  for (const [key, text] of Object.entries(doc)) {
    out[key] = { 'es-ES': sanitizeCmsHtml(text['es-ES']), 'en-US': sanitizeCmsHtml(text['en-US']) }
  }
  return out as StoredOf<'legal'>
}

/**
 * The centre's settings. They change rarely and are read on every page, so answers are kept in
 * memory, already serialised, per language; they are re-read when they were changed through this
 * service and otherwise checked against the database at most once per `ttlMs` (other processes may
 * have changed them), without making the request wait.
 */
export function createContentService(db: Db, opts: { ttlMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now
  const cache = new Map<SettingsKind, CacheEntry>()
  const loading = new Map<SettingsKind, Promise<CacheEntry>>()

  async function load(kind: SettingsKind): Promise<CacheEntry> {
    const entry = await read(kind)
    cache.set(kind, entry)
    return entry
  }

  async function read(kind: SettingsKind): Promise<CacheEntry> {
    const [row] = await db.select().from(settings).where(eq(settings.kind, kind))
    if (!row) throw new AppError('not_found', 'Not settings defined!', { status: 404 })
    let doc = stored[kind].parse(row.value) as StoredOf<SettingsKind>
    if (kind === 'legal') doc = sanitizeLegal(doc as StoredOf<'legal'>)
    const answers = new Map<LocaleT, CachedAnswer<unknown>>()
    for (const locale of Locale) {
      const data = answered[kind].parse(localise(doc, locale))
      const json = JSON.stringify({ ok: true, data })
      answers.set(locale, { data, body: json, etag: etagOf(json) })
    }
    return { updatedAt: row.updatedAt.toISOString(), checkedAt: now(), answers }
  }

  function reload(kind: SettingsKind): Promise<CacheEntry> {
    let pending = loading.get(kind)
    if (!pending) {
      pending = load(kind).finally(() => loading.delete(kind))
      loading.set(kind, pending)
    }
    return pending
  }

  /** Re-reads the document only when its updatedAt moved; a failed check keeps the old answer. */
  async function revalidate(kind: SettingsKind, entry: CacheEntry) {
    entry.checkedAt = now()
    try {
      const [row] = await db
        .select({ updatedAt: settings.updatedAt })
        .from(settings)
        .where(eq(settings.kind, kind))
      if (!row || row.updatedAt.toISOString() !== entry.updatedAt) await reload(kind)
    } catch {
      // keep serving what we have; the next check tries again
    }
  }

  async function answer<K extends SettingsKind>(
    kind: K,
    locale: LocaleT,
  ): Promise<CachedAnswer<AnsweredOf<K>>> {
    let entry = cache.get(kind)
    // Inside a unit of work a missing entry is read through the unit (never shared, never kept), and
    // no check starts there: it would outlive the unit's transaction.
    if (!entry) entry = inUnit() ? await read(kind) : await reload(kind)
    else if (now() - entry.checkedAt >= opts.ttlMs && !inUnit()) void revalidate(kind, entry)
    return entry.answers.get(locale) as CachedAnswer<AnsweredOf<K>>
  }

  /** Validates and stores one settings document whole, then refreshes this process's answers. */
  async function saveSettings<K extends SettingsKind>(kind: K, value: StoredOf<K>) {
    let doc = stored[kind].parse(value) as StoredOf<SettingsKind>
    if (kind === 'legal') doc = sanitizeLegal(doc as StoredOf<'legal'>)
    await db
      .insert(settings)
      .values({ kind, value: doc })
      .onConflictDoUpdate({ target: settings.kind, set: { value: doc, updatedAt: sql`now()` } })
    afterCommit(() => cache.delete(kind))
    publicDataChanged()
  }

  async function hasSettings(): Promise<boolean> {
    const rows = await db.select({ kind: settings.kind }).from(settings).limit(1)
    return rows.length > 0
  }

  return {
    answer,
    saveSettings,
    hasSettings,
    mainSettings: async (locale: LocaleT) => (await answer('main', locale)).data,
    homeTemplate: async (locale: LocaleT) => (await answer('template', locale)).data,
  }
}

export type ContentService = ReturnType<typeof createContentService>
