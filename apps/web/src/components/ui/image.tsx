import { useState, type CSSProperties } from 'react'

/**
 * An image in a fixed frame: width and height set (no layout shift), the frame's aspect ratio
 * kept with `object-fit: cover`, a neutral placeholder behind it while it loads, lazy unless it is
 * above the fold. When `src` is empty or fails, `fallback` (the centre's main logo) is shown whole
 * inside the frame instead; without a fallback the placeholder stays.
 */
export function FramedImage({
  src,
  fallback = '',
  alt,
  width,
  height,
  priority = false,
  className = '',
  sizes,
}: {
  src: string | null | undefined
  fallback?: string
  alt: string
  width: number
  height: number
  /** Above the fold: loaded at once, with high priority. */
  priority?: boolean
  className?: string
  sizes?: string
}) {
  const [failed, setFailed] = useState<readonly string[]>([])
  const shown = [src ?? '', fallback].find((url) => url && !failed.includes(url)) ?? ''
  const isFallback = shown !== (src ?? '') || !src
  const style = { '--ratio': `${width} / ${height}` } as CSSProperties

  return (
    <span className={`framed-image${isFallback ? ' is-fallback' : ''} ${className}`} style={style}>
      {shown && (
        <img
          key={shown}
          src={shown}
          alt={alt}
          width={width}
          height={height}
          sizes={sizes}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'auto' : 'async'}
          fetchPriority={priority ? 'high' : undefined}
          onError={() => setFailed((list) => [...list, shown])}
        />
      )}
    </span>
  )
}
