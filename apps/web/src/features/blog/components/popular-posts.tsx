import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { POPULAR_POSTS_COUNT, usePopularPosts } from '../api/get-recent-posts.ts'
import { PostListItem } from './post-card.tsx'

/**
 * "Popular Posts" beside a post or an activity (spec 1 §9, spec 2 §2): two of them, leaving out the
 * post being read, and the way to all posts. Left out when there are none.
 */
export function PopularPostsAside({ excludeId }: { excludeId?: number }) {
  const { t } = useTranslation()
  const popular = usePopularPosts()
  const posts = (popular.data ?? []).filter((p) => p.id !== excludeId).slice(0, POPULAR_POSTS_COUNT)
  if (posts.length === 0) return null
  return (
    <aside className="post-layout__aside" aria-labelledby="popular-posts">
      <h2 id="popular-posts" className="aside-title">
        {t('post.popular')}
      </h2>
      <ul className="mini-list">
        {posts.map((item) => (
          <PostListItem key={item.id} post={item} />
        ))}
      </ul>
      <Link className="link-button" to={paths.blog}>
        {t('post.allPosts')}
      </Link>
    </aside>
  )
}
