import { useLayoutEffect, useState } from 'react'
import { ApiError } from '../../lib/api-error.ts'

/** A form's messages by field name; a field without one is fine. */
export type FieldErrors = Partial<Record<string, unknown>>

type Field<E> = keyof E & string

const hasAny = (found: FieldErrors) => Object.values(found).some(Boolean)

/** Only the fields that have a message. */
function present<E extends FieldErrors>(found: E): E {
  return Object.fromEntries(Object.entries(found).filter(([, message]) => Boolean(message))) as E
}

/**
 * A form's field messages as the site shows them (spec 1 §5, DESIGN.md Forms):
 *
 * - none until the first submit; a submit with errors sends nothing, shows them and focuses the
 *   first field in error, in the order of `ids` (the order of the form);
 * - after that first submit the form's own check runs again on every change, so a message goes as
 *   soon as the field is right;
 * - the server's field messages (the `errors` of a refusal) go on the fields they name and stay
 *   until that field is changed or the form is sent again; values are never cleared.
 *
 * `ids` maps each field to its control's id. `reveal` is called with the first field in error
 * before it is focused, for forms that must first show it (a tab, a folded section).
 */
export function useFieldErrors<E extends FieldErrors>(
  ids: { [K in Field<E>]-?: string },
  { reveal }: { reveal?: (field: Field<E>) => void } = {},
) {
  const [checked, setChecked] = useState<E>({} as E)
  const [fromServer, setFromServer] = useState<E>({} as E)
  const [submitted, setSubmitted] = useState(false)
  // A new object each time, so asking twice for the same field focuses it twice.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null)

  // Focus after the commit that shows the message (and the tab `reveal` opened), before paint.
  useLayoutEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus()
  }, [focusRequest])

  function focusField(field: Field<E>) {
    reveal?.(field)
    setFocusRequest({ id: ids[field] })
  }

  function focusFirst(found: E) {
    const first = (Object.keys(ids) as Field<E>[]).find((field) => found[field])
    if (first !== undefined) focusField(first)
  }

  return {
    /** The message of each field in error: the form's own check first, then the server's. */
    errors: { ...fromServer, ...checked } as E,

    /** On submit: shows what the form's check found; true when the form may be sent. */
    passes(found: E): boolean {
      const shown = present(found)
      setSubmitted(true)
      setChecked(shown)
      setFromServer({} as E)
      if (!hasAny(shown)) return true
      focusFirst(shown)
      return false
    },

    /**
     * On a change of `field`: its server message goes, and once the form has been submitted the
     * form's check runs again on the new values.
     */
    edited(field: Field<E>, check?: () => E) {
      setFromServer((current) => {
        if (!current[field]) return current
        const { [field]: _, ...rest } = current
        return rest as E
      })
      if (submitted && check) setChecked(present(check()))
    },

    /** Shows the server's messages on their fields (see serverFieldErrors) and focuses the first. */
    showServer(found: E) {
      const shown = present(found)
      setFromServer(shown)
      focusFirst(shown)
    },

    /** Moves focus to a field without a message (a form the spec wants silent). */
    focus: focusField,

    /** Back to before the first submit (after a success that empties the form). */
    restart() {
      setSubmitted(false)
      setChecked({} as E)
      setFromServer({} as E)
    },
  }
}

/**
 * The `errors` of a refusal (`{ ok: false, errorMsg, code, errors }`: field name → message, in the
 * site's language) as a form's field messages. `fields` names the form field of each of the API's
 * field names, as a map or as a function for names with an index (`customFieldValues.0.value`);
 * names it does not know are left to the form-level message.
 */
export function serverFieldErrors<K extends string>(
  error: unknown,
  fields: Partial<Record<string, K>> | ((apiField: string) => K | undefined),
): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {}
  if (!(error instanceof ApiError) || !error.errors) return found
  for (const [apiField, message] of Object.entries(error.errors)) {
    const field = typeof fields === 'function' ? fields(apiField) : fields[apiField]
    if (field !== undefined && message && !found[field]) found[field] = message
  }
  return found
}

/** The identity map of `fields`, for forms whose fields carry the API's names. */
export const sameNames = <K extends string>(fields: readonly K[]) =>
  Object.fromEntries(fields.map((field) => [field, field])) as Record<string, K>
