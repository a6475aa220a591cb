import { describe, expect, it } from 'vitest'
import { loginRequiredPatterns, pagePatterns, paths } from './pages.ts'

/** Whether a router pattern (`:param`, `?` for an optional last one) takes a path. */
function matches(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((part) =>
      part === '*'
        ? '/.+'
        : part.startsWith(':')
          ? part.endsWith('?')
            ? '(?:/[^/]+)?'
            : '/[^/]+'
          : part && `/${part}`,
    )
    .join('')
  return new RegExp(`^${source || '/'}$`).test(path)
}

describe('the paths of the pages', () => {
  it('builds each link its page answers', () => {
    expect(paths.bookingsByType.to()).toBe('/bookings')
    expect(paths.bookingsByType.to(4)).toBe('/bookings/4')
    expect(paths.bookingsByType.to(null)).toBe('/bookings')
    expect(paths.bookingsByPlace.to()).toBe('/bookings-byplace')
    expect(paths.bookingsByPlace.to(3)).toBe('/bookings-byplace/3')
    for (const page of Object.values(paths)) {
      if (typeof page === 'string') continue
      if (!('to' in page)) continue
      const args = Array.from({ length: page.to.length }, (_, i) => 10 + i) as [number, number]
      expect(matches(page.pattern, (page.to as (...ids: number[]) => string)(...args)), page.pattern).toBe(
        true,
      )
    }
  })

  it("names a customer's own bookings apart from the public booking pages", () => {
    expect(paths.customerBookings).toBe('/customer-bookings')
    expect(loginRequiredPatterns).toContain(paths.customerBookings)
    expect(loginRequiredPatterns).not.toContain(paths.bookingsByType.pattern)
    expect(pagePatterns).toEqual(
      expect.arrayContaining([paths.bookingsByType.pattern, paths.customerBookings]),
    )
  })
})
