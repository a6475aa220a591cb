import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { pageWindow, Pagination } from './pagination.tsx'

const renderPagination = (page: number, pageCount: number) =>
  render(
    <MemoryRouter>
      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => `/shop?page=${n}`} />
    </MemoryRouter>,
  )

const pageLinks = () =>
  within(screen.getByRole('navigation', { name: 'Pages' }))
    .getAllByRole('link')
    .filter((link) => /^Page \d+$/.test(link.getAttribute('aria-label') ?? ''))
    .map((link) => link.textContent)

describe('the pagination window', () => {
  it('starts at page 1 on the first pages', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4])
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4])
  })

  it('keeps the page before the current one in the middle', () => {
    expect(pageWindow(5, 10)).toEqual([4, 5, 6, 7])
    expect(pageWindow(8, 10)).toEqual([7, 8, 9, 10])
  })

  it('stops at the last page at the end', () => {
    expect(pageWindow(9, 10)).toEqual([7, 8, 9, 10])
    expect(pageWindow(10, 10)).toEqual([7, 8, 9, 10])
  })

  it('shows every page of a short list and nothing of an empty one', () => {
    expect(pageWindow(2, 2)).toEqual([1, 2])
    expect(pageWindow(3, 3)).toEqual([1, 2, 3])
    expect(pageWindow(1, 0)).toEqual([])
  })

  it('holds a page outside the list to its ends', () => {
    expect(pageWindow(40, 10)).toEqual([7, 8, 9, 10])
    expect(pageWindow(-3, 10)).toEqual([1, 2, 3, 4])
  })
})

describe('the pagination', () => {
  it('links at most 4 pages, marks the current one and offers previous and next', () => {
    renderPagination(5, 12)

    expect(pageLinks()).toEqual(['4', '5', '6', '7'])
    const nav = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(nav).getByRole('link', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/shop?page=4')
    expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/shop?page=6')
  })

  it('offers no previous link on the first page and no next link on the last', () => {
    const { unmount } = renderPagination(1, 3)
    expect(pageLinks()).toEqual(['1', '2', '3'])
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull()
    unmount()

    renderPagination(3, 3)
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeTruthy()
  })

  it('is not shown for a list of one page', () => {
    renderPagination(1, 1)
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})
