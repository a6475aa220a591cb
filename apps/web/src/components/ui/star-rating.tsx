import { StarIcon } from './icons.tsx'

/**
 * The spec's fixed five-star display. It carries no rating of the product (none exists), so it is
 * decoration and hidden from screen readers, which would otherwise announce a review score.
 */
export function FiveStars() {
  return (
    <span className="stars" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} width={18} height={18} />
      ))}
    </span>
  )
}
