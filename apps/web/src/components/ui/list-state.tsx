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
