import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { staffDeskRoutes, type StaffCustomerFound } from '@clubhouse/contract/server'
import { TextField } from '../components/form/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { callStaff } from './staff-session.ts'
import './staff-texts.ts'

/** The customers whose name, email or phone hold the text, as the desk types it (two characters at least). */
function useCustomerSearch(text: string) {
  const q = text.trim()
  return useQuery({
    queryKey: ['staff', 'customers', q],
    queryFn: async ({ signal }) =>
      (await callStaff(staffDeskRoutes.staffCustomerSearch, { query: { q }, signal })).data,
    enabled: q.length >= 2,
    staleTime: 30_000,
  })
}

export const customerFullName = (c: Pick<StaffCustomerFound, 'name' | 'surname'>) =>
  `${c.name} ${c.surname}`.trim()

const contactLine = (c: Pick<StaffCustomerFound, 'email' | 'phone'>) =>
  [c.email, c.phone].filter(Boolean).join(' · ')

/**
 * An existing customer chosen at the desk: a search by part of the name, email or phone with the
 * customers it finds, then the one chosen with a way to change it. A booking and a session's new
 * participant both start here.
 */
export function CustomerPicker({
  id,
  customer,
  onChoose,
  hrefOf,
}: {
  /** The search field's id. */
  id: string
  customer: StaffCustomerFound | null
  onChoose: (customer: StaffCustomerFound | null) => void
  /** Each customer found is a link there instead of a choice (the customers page). */
  hrefOf?: (customer: StaffCustomerFound) => string
}) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const found = useCustomerSearch(customer ? '' : search)

  if (customer) {
    return (
      <p className="customer-pick__chosen">
        <strong>{customerFullName(customer)}</strong>
        <span>{contactLine(customer)}</span>
        <Button type="button" variant="ghost" onClick={() => onChoose(null)}>
          {t('staff.book.change')}
        </Button>
      </p>
    )
  }
  return (
    <>
      <TextField
        id={id}
        type="search"
        label={t('staff.book.search')}
        hint={t('staff.book.searchHint')}
        value={search}
        onValueChange={setSearch}
        autoComplete="off"
      />
      {found.data && (
        <ul className="customer-pick__found" aria-label={t('staff.book.found')}>
          {found.data.length === 0 && <li className="customer-pick__none">{t('staff.book.noneFound')}</li>}
          {found.data.map((c) => (
            <li key={c.id}>
              {hrefOf ? (
                <Link to={hrefOf(c)}>
                  <strong>{customerFullName(c)}</strong>
                  <span>{contactLine(c)}</span>
                </Link>
              ) : (
                <button type="button" onClick={() => onChoose(c)}>
                  <strong>{customerFullName(c)}</strong>
                  <span>{contactLine(c)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
