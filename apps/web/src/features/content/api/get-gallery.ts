import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FileUpload } from '@clubhouse/contract'
import { logCrash } from '../../../lib/crash-log.ts'
import { callApiLazily } from '../../../lib/lazy-api.ts'
import type { Locale } from '@clubhouse/contract'
import { getLanguage, readEntry, StorageKey, writeItem } from '../../../lib/storage.ts'
import { GALLERY_FILES } from './file-lists.ts'

/** How long the stored gallery counts as fresh; an older copy still shows at once while it is asked again. */
const GALLERY_TTL_MS = 24 * 60 * 60 * 1000
/** A stored copy is kept this long, so a returning visitor's page opens with the gallery in place. */
const GALLERY_KEEP_MS = 30 * 24 * 60 * 60 * 1000

interface StoredGallery {
  savedAt: number
  /** The language its captions are in: a copy of another language is asked for again. */
  language: Locale
  items: FileUpload[]
}

function readStoredGallery(): StoredGallery | undefined {
  const stored = readEntry<StoredGallery>(StorageKey.gallery)?.value
  return stored &&
    Array.isArray(stored.items) &&
    typeof stored.savedAt === 'number' &&
    stored.language === getLanguage()
    ? stored
    : undefined
}

/**
 * The home gallery (spec 1 §7): read from the browser's storage (`all-gallery`) first and cached
 * there from the open-list call, which runs again when the copy is a day old or in another language
 * than the page (its captions are the centre's texts in the language it was read in).
 */
export const galleryQuery = () =>
  queryOptions({
    queryKey: ['content', 'gallery'],
    queryFn: async ({ signal }) => {
      const { data } = await logCrash(
        'gallery',
        signal,
        callApiLazily(async () => (await import('@clubhouse/contract')).homeRoutes.fileUploads, {
          query: GALLERY_FILES,
          signal,
        }),
      )
      const stored: StoredGallery = { savedAt: Date.now(), language: getLanguage(), items: data }
      writeItem(StorageKey.gallery, stored, { ttlMs: GALLERY_KEEP_MS })
      return data
    },
    initialData: () => readStoredGallery()?.items,
    initialDataUpdatedAt: () => readStoredGallery()?.savedAt,
    staleTime: GALLERY_TTL_MS,
  })

export function useGallery() {
  return useQuery(galleryQuery())
}
