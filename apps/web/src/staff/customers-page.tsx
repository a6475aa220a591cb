import { useTranslation } from 'react-i18next'
import { usePageTitle } from '../app/use-page-title.ts'
import { CustomerPicker } from './customer-picker.tsx'
import './customer-texts.ts'
import './staff-texts.ts'

const customerHref = (c: { id: number }) => `/staff/customers/${c.id}`

/** The desk's customers (issue 23, item 7): the search, each customer found a link to their account. */
export function CustomersPage() {
  const { t } = useTranslation()
  usePageTitle(t('staffCustomer.title'))
  return (
    <div className="customers">
      <h1 className="roster__title">{t('staffCustomer.title')}</h1>
      <p className="customers__lead">{t('staffCustomer.lead')}</p>
      <div className="staff-form customers__search">
        <CustomerPicker
          id="customers-search"
          customer={null}
          onChoose={() => undefined}
          hrefOf={customerHref}
        />
      </div>
    </div>
  )
}
