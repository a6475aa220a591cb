import type { CSSProperties, ReactNode } from 'react'

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

/** A block whose data is loading: placeholders to see, and `label` said once by screen readers. */
export function Loading({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {children}
    </div>
  )
}

/** The outline of a page while its code or data loads: a title and a few lines of text. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <Loading label={label} className="container page-skeleton">
      <Skeleton width="55%" height="2.25rem" className="skeleton--title" />
      <Skeleton width="100%" />
      <Skeleton width="92%" />
      <Skeleton width="96%" />
      <Skeleton width="70%" />
    </Loading>
  )
}
