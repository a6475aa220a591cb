// What a page of the built web app fetches before its first render, read from the build's manifest
// (apps/web/dist/.vite/manifest.json): the figures of the budgets in decisions 012, 053 and 087.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url))

/** A kilobyte as budgets count it. */
export const KB = 1000

export interface ManifestChunk {
  file: string
  name?: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export const readManifest = (): Manifest =>
  JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest

/**
 * The files of `keys`' chunks and their static imports, with their CSS; with `lazy`, their lazy
 * imports too (every file they may ever load), never entering the chunks of `leaveOut`.
 */
export function firstLoadFiles(
  manifest: Manifest,
  keys: string[],
  { lazy = false, leaveOut = [] }: { lazy?: boolean; leaveOut?: string[] } = {},
): string[] {
  const files = new Set<string>()
  const seen = new Set<string>(leaveOut)
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const dep of chunk.imports ?? []) visit(dep)
    if (lazy) for (const dep of chunk.dynamicImports ?? []) visit(dep)
  }
  for (const key of keys) visit(key)
  return [...files]
}

/** A built file's size gzipped at the highest level, as a server would send it. */
export const gzipped = (file: string) => gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length

export const readBuilt = (file: string) => readFileSync(join(webDist, file), 'utf8')

/** Gzipped bytes of the files that end with `ext`. */
export const sumOf = (files: string[], ext: string) =>
  files.filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzipped(f), 0)

/** The source of one language's first-load texts, which the app awaits before its first render. */
export const catalogueModule = (locale: 'en-US' | 'es-ES') => `src/lib/i18n/${locale}.ts`
