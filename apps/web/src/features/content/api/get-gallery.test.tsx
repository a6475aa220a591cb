import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage, StorageKey, writeItem } from '../../../lib/storage.ts'
import { fakeServer } from '../../../test/fake-server.ts'
import { jsonResponse, renderWithApp } from '../../../test/render.tsx'
import { Gallery } from '../components/gallery.tsx'
import { useGallery } from './get-gallery.ts'

function HomeGallery() {
  const { data } = useGallery()
  return data ? <Gallery items={data} /> : null
}

const answerIn = (url: URL, init: RequestInit | undefined) => {
  expect(url.searchParams.get('category')).toBe('CzGallery')
  const english = new Headers(init?.headers).get('accept-language') === 'en-US'
  return jsonResponse({
    ok: true,
    data: [
      {
        url: '/uploads/courts.svg',
        description: '',
        title: english ? 'The courts from above' : 'Las pistas desde el aire',
      },
    ],
  })
}

describe('the home gallery kept in the browser', () => {
  it('shows the captions in the language of the page, not in the one a stored copy was read in', async () => {
    // A visitor read the Spanish site a moment ago, then switched to English (which reloads the page).
    writeItem(
      StorageKey.gallery,
      {
        savedAt: Date.now(),
        items: [{ url: '/uploads/courts.svg', description: '', title: 'Las pistas desde el aire' }],
      },
      { ttlMs: 60_000 },
    )
    setLanguage('en-US')
    fakeServer({ '/api/fileuploads/open-list': answerIn })

    renderWithApp(<HomeGallery />)

    expect(await screen.findByText('The courts from above')).toBeTruthy()
    expect(screen.queryByText('Las pistas desde el aire')).toBeNull()
  })

  it('opens with the stored copy at once when it is in the language of the page', async () => {
    setLanguage('en-US')
    fakeServer({ '/api/fileuploads/open-list': answerIn })
    renderWithApp(<HomeGallery />)
    await screen.findByText('The courts from above')
    // The next visit: the copy is fresh and in English, so no call is needed to show it.
    const fetchMock = fakeServer({})
    renderWithApp(<HomeGallery />)
    expect(screen.getAllByText('The courts from above')).toHaveLength(2)
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
