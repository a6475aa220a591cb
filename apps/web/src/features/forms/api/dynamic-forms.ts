import { useMutation, useQuery } from '@tanstack/react-query'
import type { FormIdentifier, LookupRow, SaveFormBody } from '@clubhouse/contract'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** The rows a lookup shows (spec 3 §9): the first fifty. */
export const LOOKUP_ROWS = { startRow: 0, endRow: 50 } as const

/** A form's definition (spec 3 §7 form-def); a failed load is only logged and the form stays away. */
export function useFormDef(parentName: FormIdentifier, parentId: number) {
  return useQuery({
    queryKey: ['dynamic-forms', 'def', parentName, parentId],
    queryFn: ({ signal }) =>
      logCrash(
        'form definition',
        signal,
        callRoute('dynamicFormRoutes', 'formDef', { params: { parentName, parentId }, signal }).then(
          (answer) => answer.model,
        ),
      ),
  })
}

/** The lists a lookup may read, by its fkController lower-cased (`GET /api/public{controller}/list`). */
const LOOKUP_LISTS = { cities: 'citiesList' } as const
type LookupList = keyof typeof LOOKUP_LISTS
const isLookupList = (name: string): name is LookupList => Object.hasOwn(LOOKUP_LISTS, name)

/** A lookup's rows 0 to 50; none for a list this site does not know (logged, like a failed load). */
export function useLookupRows(fkController: string | null) {
  const list = (fkController ?? '').toLowerCase()
  return useQuery({
    queryKey: ['dynamic-forms', 'lookup', list],
    enabled: fkController !== null,
    queryFn: ({ signal }): Promise<LookupRow[]> => {
      if (!isLookupList(list)) {
        console.warn(`Crash getting lookup: no list ${fkController}`)
        return Promise.resolve([])
      }
      return logCrash(
        'lookup',
        signal,
        callRoute('dynamicFormRoutes', LOOKUP_LISTS[list], { query: LOOKUP_ROWS, signal }).then(
          (answer) => answer.rowData,
        ),
      )
    },
  })
}

/**
 * A save as the contract reads it, in multipart/form-data (spec 3 §7, decision 061): its text parts
 * by name, each field as `fields[i].id`, `.name`, `.value`, and each file chosen for it, if any, as
 * a `fields[i].file` part (decision 082).
 */
export function toMultipart(body: SaveFormBody, files: ReadonlyMap<number, readonly File[]>): FormData {
  const data = new FormData()
  data.append('parentId', String(body.parentId))
  data.append('parentName', body.parentName)
  if (body.okRss !== undefined) data.append('okRss', String(body.okRss))
  if (body.acceptConditions !== undefined) data.append('acceptConditions', String(body.acceptConditions))
  if (body.customerId) data.append('customerId', String(body.customerId))
  ;(body.fields ?? []).forEach((field, i) => {
    data.append(`fields[${i}].id`, String(field.id))
    data.append(`fields[${i}].name`, field.name)
    data.append(`fields[${i}].value`, field.value ?? '')
    for (const file of files.get(i) ?? []) data.append(`fields[${i}].file`, file, file.name)
  })
  return data
}

/** Saves a filled-in form; answers as the server did (`ok`, `errorMsg`, the saved submission's model). */
export function useSaveForm() {
  return useMutation({
    mutationFn: ({ body, files }: { body: SaveFormBody; files: ReadonlyMap<number, readonly File[]> }) =>
      callRoute('dynamicFormRoutes', 'save', {
        // The route's body is the contract's, sent as the multipart parts the server gathers into it.
        body: toMultipart(body, files) as unknown as SaveFormBody,
      }),
  })
}
