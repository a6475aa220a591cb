import { Link } from 'react-router'

/** What a list shows instead of its items: an error or an empty result, with one way forward. */
export function ListState({
  message,
  action,
}: {
  message: string
  action?: { label: string; onClick: () => void }
}) {
  return (
    <div className="list-state">
      <p>{message}</p>
      {action && (
        <button type="button" className="button button--secondary" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  )
}

/** What a page shows for something that is not there (or not the customer's): why, and the way back. */
export function NotFoundState({ message, back }: { message: string; back: { label: string; to: string } }) {
  return (
    <div className="list-state">
      <p>{message}</p>
      <Link className="button button--primary" to={back.to}>
        {back.label}
      </Link>
    </div>
  )
}

/** A whole page for something that is not there (a product, a post, an activity): its title, why, and the way back. */
export function MissingPage({
  title,
  message,
  back,
}: {
  title: string
  message: string
  back: { label: string; to: string }
}) {
  return (
    <div className="container result-page">
      <h1 className="page-title">{title}</h1>
      <p className="result-page__text">{message}</p>
      <Link className="button button--primary" to={back.to}>
        {back.label}
      </Link>
    </div>
  )
}
