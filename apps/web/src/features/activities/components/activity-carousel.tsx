import type { ActivityListItem } from '@clubhouse/contract'
import { CARD_CAROUSEL, Carousel } from '../../../components/ui/carousel.tsx'
import '../activities.css'
import { ActivityCard } from './activity-card.tsx'

/**
 * The open activities as a carousel (spec 2 §2, the home page): as the popular products, 3 shown on
 * wide screens and fewer on phones, one scrolled every 3000 ms.
 */
export function ActivityCarousel({ label, activities }: { label: string; activities: ActivityListItem[] }) {
  return (
    <Carousel
      label={label}
      {...CARD_CAROUSEL}
      slides={activities.map((activity) => (
        <ActivityCard key={activity.id} activity={activity} />
      ))}
    />
  )
}
