import type { CSSProperties } from 'react'

/** A grey placeholder in the shape of what is loading. */
export function Skeleton({
  width,
  height = '1em',
  className = '',
}: {
  width?: string
  height?: string
  className?: string
}) {
  const style: CSSProperties = { width, height }
  return <span className={`skeleton ${className}`} style={style} aria-hidden="true" />
}

/** The outline of a page while its code or data loads: a title and a few lines of text. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div className="container page-skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <Skeleton width="55%" height="2.25rem" className="skeleton--title" />
      <Skeleton width="100%" />
      <Skeleton width="92%" />
      <Skeleton width="96%" />
      <Skeleton width="70%" />
    </div>
  )
}
