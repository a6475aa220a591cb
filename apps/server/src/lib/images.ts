/** URL prefix the server serves DATA_DIR/uploads under. */
export const UPLOADS_PREFIX = '/uploads/'

/**
 * The URL of a stored image. Images are stored as paths under the uploads folder
 * (`demo/products/racket.svg`); absolute URLs and rooted paths are kept as they are.
 */
export function imageUrl(stored: string | null | undefined): string {
  if (!stored) return ''
  if (/^(https?:)?\/\//.test(stored) || stored.startsWith('/')) return stored
  return `${UPLOADS_PREFIX}${stored}`
}
