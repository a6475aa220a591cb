import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { blogRoutes } from '@clubhouse/contract'
import { contractResponse, fakeServer } from '../../test/fake-server.ts'
import { renderWithApp } from '../../test/render.tsx'
import { PostPage } from './post-page.tsx'

const post = {
  id: 14,
  title: 'The viper',
  text: '<p>Once you master the tray…</p><h3>How it differs</h3><p>Faster.</p><h4>Grip</h4><p>Firm.</p><h3>When</h3>',
  smalText: '',
  image: '',
  name: 'Laura',
  created: '2026-05-01T10:00:00Z',
  textBlockType: 0 as const,
}

describe('a blog post', () => {
  // Screen readers list a page's headings as an outline: the post's text, written with h3 sections,
  // reads as sections of the post's own h1 rather than skipping a level (Lighthouse's heading-order).
  it("shows the text's headings right under the post's title, each keeping its depth", async () => {
    fakeServer({
      '/api/cztextblocks/get-with-user': () => contractResponse(blogRoutes.postWithUser, post),
      '/api/cztextblocks/list-with-users': () => contractResponse(blogRoutes.postsWithUsers, []),
    })
    renderWithApp(
      <Routes>
        <Route path="/post/:id" element={<PostPage />} />
      </Routes>,
      { route: '/post/14' },
    )
    await screen.findByRole('heading', { level: 1, name: 'The viper' })
    const article = screen.getByRole('article')
    expect(
      Array.from(
        article.querySelectorAll('h1, h2, h3, h4, h5, h6'),
        (h) => `${h.localName} ${h.textContent}`,
      ),
    ).toEqual(['h1 The viper', 'h2 How it differs', 'h3 Grip', 'h2 When', 'h2 Share'])
  })
})
