/** The visible "required" asterisk beside a label; the input's `required` tells assistive technology. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  )
}
