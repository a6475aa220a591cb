import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { useSearchParams } from 'react-router'

/** The page number of a list in its address (`?page=2`); 1 when absent or not a page number. */
export function readListPage(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 1 ? page : 1
}

/**
 * A text of a list's address (`?search=`), without control characters: no search holds them (the
 * server refuses them), and they never reach the page's markup, whoever wrote the address.
 */
export function readListText(params: URLSearchParams, key: string): string {
  // eslint-disable-next-line no-control-regex
  return (params.get(key) ?? '').replace(/[\u0000-\u001f\u007f]/g, '')
}

/** A copy of `params` with `changes` applied: a value sets the parameter, null removes it. */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key)
    else next.set(key, value)
  }
  return next
}

/** Brings the top of the list into view when its page changes (not when it first shows). */
export function useScrollToListTop(page: number, element: RefObject<HTMLElement | null>) {
  const shown = useRef(page)
  useEffect(() => {
    if (shown.current === page) return
    shown.current = page
    const top = element.current?.getBoundingClientRect().top ?? 0
    if (top < 0) window.scrollTo({ top: window.scrollY + top - 96 })
  }, [page, element])
}

/** A path id as the server accepts it (a positive PostgreSQL integer), or null. */
export function readId(value: string | undefined): number | null {
  const id = Number(value)
  return value !== undefined && /^\d+$/.test(value) && id > 0 && id <= 2_147_483_647 ? id : null
}

/**
 * A list's choices in the address (`?search=&sort=&type=&page=`) and `choose`, which changes some
 * of them and starts again at page 1. The router applies a navigation to its state a moment later,
 * so each change builds on the last one asked for: two quick choices never undo one another.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams()
  const latest = useRef(params)
  useEffect(() => {
    latest.current = params
  }, [params])
  const choose = useCallback(
    (changes: Record<string, string | null>) => {
      const next = withParams(latest.current, { ...changes, page: null })
      latest.current = next
      setParams(next, { replace: true })
    },
    [setParams],
  )
  return [params, choose] as const
}
