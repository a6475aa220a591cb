import { Children, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import {
  CheckoutErrorCode,
  CustomerErrorCode,
  PaymentMethodId,
  VoucherKind,
  type CheckoutInfo,
  type VoucherOption,
} from '@clubhouse/contract'
import { PUBLICITY_CONSENT_DEFAULT } from '@clubhouse/contract/constants'
import { CheckboxField, PasswordField, TextField } from '../../components/form/field.tsx'
import { serverFieldErrors, useFieldErrors } from '../../components/form/use-field-errors.ts'
import { Button } from '../../components/ui/button.tsx'
import { LegalLinks } from '../../components/form/legal-links.tsx'
import { ListState, NotFoundState } from '../../components/ui/list-state.tsx'
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx'
import { paths } from '../../config/paths.ts'
import { useCustomerId } from '../../features/account/use-customer-id.ts'
import { useVoucherFormat } from '../../features/account/use-voucher-format.ts'
import {
  holdLeftMs,
  lineName,
  removeSaleFromCart,
  useCart,
  type Cart,
} from '../../features/cart/cart-store.ts'
import { HoldCountdown } from '../../features/cart/components/hold-countdown.tsx'
import {
  useCheckoutInfo,
  type CartContent,
  type CheckoutInfoAnswer,
} from '../../features/checkout/api/checkout-info.ts'
import { useCheckout, usePromoValidate } from '../../features/checkout/api/checkout.ts'
import {
  ADDRESS_FIELDS,
  checkCheckout,
  checkoutTotals,
  type CheckoutField,
  type Details,
  type Problem,
} from '../../features/checkout/checkout-rules.ts'
import '../../features/checkout/checkout.css'
import { useFormat } from '../../features/content/settings.tsx'
import { LazyPayPalButtons } from '../../features/payments/components/lazy-paypal-buttons.tsx'
import { SandboxNotice } from '../../features/payments/components/sandbox-notice.tsx'
import {
  canPayWith,
  paymentFailureText,
  PaymentStopped,
  savesCardOnProviderPage,
  takesCardFirst,
  usePaymentFlow,
  type CheckoutExtras,
} from '../../features/payments/use-payment-flow.tsx'
import { carryEmail } from '../../features/customers/components/carried-email.ts'
import { ApiError } from '../../lib/api-error.ts'
import { showErrorPopup } from '../../lib/error-popup.ts'
import { openLogin } from '../../lib/login-prompt.ts'
import { useNow } from '../../lib/use-now.ts'
import { usePageTitle } from '../use-page-title.ts'
import '../../lib/i18n/card-texts.ts'

/**
 * The checkout (spec 2 §2 Checkout, §4, §5, §8): "Already a customer?" for a guest, the delivery
 * address (a guest's details always; a customer's when something is shipped), the transports when
 * a line needs one, the cart as the server prices it now, the payment methods and vouchers, the
 * totals, the coupon, the legal boxes not yet accepted, and the pay button. Without a cart it goes
 * to the home page.
 */
export function CheckoutPage() {
  const { t } = useTranslation()
  usePageTitle(t('checkout.title'))
  const cart = useCart()
  if (cart.sItems.length === 0 && cart.sales.length === 0) return <Navigate to={paths.home} replace />
  return <CheckoutScreen cart={cart} />
}

/** The cart as the checkout sends it: every product line, and the sales whose hold has not run out. */
function cartContent(cart: Cart, expired: ReadonlySet<number>): CartContent {
  return {
    saleItems: cart.sItems.map((item) => ({
      productId: item.productId,
      units: item.units,
      stockParentId: item.stockParentId,
      stockParentName: item.stockParentName,
      stockDetail: item.stockDetail,
    })),
    saleIds: cart.sales.filter((sale) => !expired.has(sale.id)).map((sale) => sale.id),
  }
}

function CheckoutScreen({ cart }: { cart: Cart }) {
  const { t } = useTranslation()
  const customerId = useCustomerId()
  const holding = cart.sales.some((sale) => sale.holdExpiresAt)
  const now = useNow(1000, holding)
  const expiredKey = cart.sales
    .filter((sale) => holdLeftMs(sale, now) === 0)
    .map((sale) => sale.id)
    .join(',')
  const content = useMemo(
    () => cartContent(cart, new Set(expiredKey ? expiredKey.split(',').map(Number) : [])),
    [cart, expiredKey],
  )
  const saleNumbers = useMemo(
    () =>
      new Map(cart.sales.flatMap((sale) => (sale.saleNumber ? [[sale.id, sale.saleNumber] as const] : []))),
    [cart.sales],
  )
  const info = useCheckoutInfo(customerId, content, true, saleNumbers)

  return (
    <div className="container checkout">
      <h1 className="page-title">{t('checkout.title')}</h1>
      {customerId === 0 && (
        <p className="checkout__customer">
          <button
            type="button"
            className="link-button"
            onClick={() => openLogin({ mode: 'login', backUrl: paths.checkout })}
          >
            {t('checkout.alreadyCustomer')}
          </button>
        </p>
      )}
      {info.isPending ? (
        <Loading label={t('common.loading')}>
          <Skeleton height="12rem" />
          <Skeleton height="8rem" />
          <Skeleton height="10rem" />
        </Loading>
      ) : info.isError && !info.data ? (
        <ListState
          message={t('messages.crash')}
          action={{ label: t('common.retry'), onClick: () => void info.refetch() }}
        />
      ) : (
        <CheckoutForm
          key={customerId}
          info={info.data}
          cart={cart}
          content={content}
          customerId={customerId}
          now={now}
          refresh={() => void info.refetch()}
        />
      )}
    </div>
  )
}

const emptyDetails = (info: CheckoutInfo): Details => ({
  name: info.name,
  surname: info.surname,
  email: info.email,
  phone: info.phone,
  addressLine1: info.addressLine1,
  postalCode: info.postalCode,
  city: info.city,
  town: info.town,
  country: info.country,
  password: '',
  password2: '',
})

/** What the promo check answered, and for which code, cart content and transport. */
interface AppliedCoupon {
  code: string
  discount: number
  content: string
  transportId: number | null
}

/** A choice among the ways to pay: a method of the centre, or one of the customer's vouchers. */
type MethodChoice =
  | {
      key: string
      kind: 'method'
      id: PaymentMethodId
      tokenId: number | null
      allowTokenization: boolean
    }
  | { key: string; kind: 'voucher'; id: PaymentMethodId; voucherId: number }

function CheckoutForm({
  info,
  cart,
  content,
  customerId,
  now,
  refresh,
}: {
  info: CheckoutInfoAnswer
  cart: Cart
  content: CartContent
  customerId: number
  now: number
  refresh: () => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const voucherBalance = useVoucherBalance()
  const id = useId()
  const guest = customerId === 0
  const addressNeeded = guest || info.transportRequired

  // What can be paid: the cart's content without the sales the server has released.
  const released = new Map(info.released.map((sale) => [sale.saleId, sale.message]))
  const payable: CartContent = released.size
    ? { ...content, saleIds: content.saleIds.filter((saleId) => !released.has(saleId)) }
    : content

  const [details, setDetails] = useState<Details>(() => emptyDetails(info))
  const [transportChoice, setTransportChoice] = useState<number | null>(null)
  const [methodKey, setMethodKey] = useState<string | null>(null)
  const [code, setCode] = useState('')
  // The code the server checked, with the cart and transport it checked it for: the discount holds
  // only while all three are unchanged (decision 060).
  const [applied, setApplied] = useState<AppliedCoupon | null>(null)
  const [couponNote, setCouponNote] = useState<{ ok: boolean; text: string } | null>(null)
  const [legalAccepted, setLegalAccepted] = useState(false)
  const [okRss, setOkRss] = useState(PUBLICITY_CONSENT_DEFAULT)
  // Card on file typed on Redsys's page: whether Redsys keeps it (asked here, before leaving).
  const [saveCardAtProvider, setSaveCardAtProvider] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // A guest's email has an account (login_required, decision 076): the failure offers to log in.
  const [loginAsked, setLoginAsked] = useState(false)
  const sending = useRef(false)
  const promo = usePromoValidate()
  const checkout = useCheckout()
  const flow = usePaymentFlow(info)

  const ids = useMemo(() => {
    const of = (field: string) => `${id}-${field}`
    return {
      ...(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, of(field)])) as Record<
        (typeof ADDRESS_FIELDS)[number],
        string
      >),
      password1: of('password1'),
      password2: of('password2'),
      transport: of('transport'),
      method: of('method'),
      promo: of('promo'),
      legal: of('legal'),
    } satisfies Record<CheckoutField, string>
  }, [id])
  const { errors, passes, edited, showServer } = useFieldErrors<Partial<Record<CheckoutField, string>>>(ids)

  // The transport: the customer's choice while it is offered, otherwise the first (spec: preselected).
  const transport = info.transportRequired
    ? (info.transports.find((item) => item.id === transportChoice) ?? info.transports[0] ?? null)
    : null
  const contentKey = JSON.stringify(payable)
  const transportId = transport?.id ?? null
  const appliedTo = (typed: string, shopTransportId: number | null = transportId) =>
    applied !== null &&
    applied.code === typed.trim().toUpperCase() &&
    applied.content === contentKey &&
    applied.transportId === shopTransportId
  const couponApplied = appliedTo(code)
  const discount = couponApplied ? applied!.discount : 0
  const totals = checkoutTotals(info.subtotal, info.paid, transport?.product.grossPrice ?? 0, discount)

  const methods: MethodChoice[] = [
    ...info.paymentMethods
      .filter((method) => method.type !== 'voucher')
      .map((method) => ({
        key: `m-${method.id}-${method.tokenId ?? 0}`,
        kind: 'method' as const,
        id: method.id,
        tokenId: method.tokenId,
        allowTokenization: method.allowTokenization,
      })),
    ...info.vouchers.map((option) => ({
      key: `v-${option.voucher.id}`,
      kind: 'voucher' as const,
      id: option.paymentMethodId,
      voucherId: option.voucher.id,
    })),
  ]
  const method = methods.find((choice) => choice.key === methodKey) ?? null
  const payLabel =
    totals.total > 0
      ? t('checkout.proceedToPay', { amount: format.currency(totals.total) })
      : t('checkout.confirm')
  // PayPal's own button pays (spec 2 §2: rendered inside its method), in place of Pay.
  const payingByPayPal = totals.total > 0 && method?.kind === 'method' && method.id === PaymentMethodId.Wallet
  const payableCount = info.lines.length + info.sales.length

  const problemText = (problem: Problem): string =>
    ({
      required: t('messages.required'),
      checkRequired: t('checkout.checkRequired'),
      passwordMismatch: t('messages.passwordMismatch'),
      selectTransport: t('checkout.selectTransport'),
      basketEmpty: t('checkout.basketEmpty'),
      selectMethod: t('checkout.selectMethod'),
      acceptConditions: t('messages.acceptConditions'),
      applyCoupon: t('checkout.applyCouponFirst'),
    })[problem]

  const runCheck = (
    next: Partial<{
      details: Details
      legal: boolean
      methodKey: string | null
      code: string
      applied: AppliedCoupon
    }> = {},
  ) => {
    const d = next.details ?? details
    const typed = (next.code ?? code).trim()
    const pending =
      typed !== '' &&
      (next.applied
        ? next.applied.code !== typed.toUpperCase() || next.applied.content !== contentKey
        : !appliedTo(typed))
    const check = checkCheckout({
      guest,
      addressNeeded,
      details: d,
      transportRequired: info.transportRequired,
      transportId,
      payableCount,
      total: totals.total,
      methodChosen: (next.methodKey !== undefined ? next.methodKey : methodKey) !== null,
      legalShown: !info.acceptConditions,
      legalAccepted: next.legal ?? legalAccepted,
      couponPending: pending,
    })
    const fields = Object.fromEntries(
      Object.entries(check.fields).map(([field, problem]) => [field, problemText(problem)]),
    ) as Partial<Record<CheckoutField, string>>
    return { fields, message: check.message ? problemText(check.message) : null }
  }

  function setDetail(field: keyof Details, value: string) {
    const next = { ...details, [field]: value }
    setDetails(next)
    edited(field === 'password' ? 'password1' : field, () => runCheck({ details: next }).fields)
  }

  /**
   * Asks the server what the typed code takes off this cart with this transport (a code may cover
   * shipping too), so the discount shown is the one the checkout takes.
   */
  async function applyCoupon(shopTransportId: number | null = transportId) {
    const typed = code.trim()
    // An empty code does nothing (spec 2 §5).
    if (!typed || promo.isPending) return
    setCouponNote(null)
    try {
      const answer = await promo.mutateAsync({ customerId, code: typed, ...payable, shopTransportId })
      const coupon: AppliedCoupon = {
        code: answer.data.code,
        discount: answer.data.discount,
        content: contentKey,
        transportId: shopTransportId,
      }
      setApplied(coupon)
      setCouponNote({ ok: true, text: t('messages.discountApplied') })
      // Pay's "press Apply Coupon" goes, under the field and at the button, now that it is applied.
      edited('promo', () => runCheck({ applied: coupon }).fields)
      setFailure((current) => (current === t('checkout.applyCouponFirst') ? null : current))
    } catch (error) {
      setApplied(null)
      const text =
        error instanceof ApiError && error.isClientError && error.errorMsg
          ? error.errorMsg
          : t('checkout.codeNotValid')
      setCouponNote({ ok: false, text })
    }
  }

  /** A code applied with the former transport is checked again with the new one. */
  function chooseTransport(next: number) {
    const reapply = appliedTo(code)
    setTransportChoice(next)
    if (reapply) void applyCoupon(next)
  }

  /** The page's own checks (spec 2 §5); false shows what is missing and sends nothing. */
  function readyToPay(): boolean {
    setFailure(null)
    const check = runCheck()
    if (!passes(check.fields) || check.message) {
      setFailure(check.message)
      return false
    }
    return true
  }

  /** The checkout as this page has it, with what a provider's step adds (a card's token). */
  const send = (extras: CheckoutExtras) =>
    checkout.mutateAsync({
      customerId,
      ...payable,
      paymentMethodId: totals.total > 0 && method ? method.id : null,
      tokenId: totals.total > 0 && method?.kind === 'method' ? method.tokenId : null,
      voucherId: totals.total > 0 && method?.kind === 'voucher' ? method.voucherId : null,
      promoCode: couponApplied ? code.trim() : null,
      shopTransportId: transport?.id ?? null,
      guid: cart.guid,
      customer: {
        id: customerId,
        ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, details[field]])),
        password: guest ? details.password : '',
        password2: guest ? details.password2 : '',
        okRss: info.okRss || okRss,
        acceptConditions: info.acceptConditions || legalAccepted,
      },
      ...extras,
    })

  /** A refused checkout: under its fields, at the button and in the error popup (spec 2 §8). */
  function showRefusal(error: unknown) {
    const fields = serverFieldErrors(error, (apiField) => {
      const name = apiField.replace(/^customer\./, '')
      if (name === 'password') return 'password1'
      return (Object.keys(ids) as CheckoutField[]).find((field) => field === name)
    })
    if (error instanceof ApiError && error.code.startsWith('promo_') && error.errorMsg) {
      fields.promo = error.errorMsg
    }
    showServer(fields)
    const askedToLogIn = error instanceof ApiError && error.code === CustomerErrorCode.loginRequired
    // The login window starts with the email typed here.
    if (askedToLogIn) carryEmail(details.email.trim())
    setLoginAsked(askedToLogIn)
    // A provider's decline (402) is the provider's word; the cart stays as it is, to pay again.
    const text = paymentFailureText(error, t('messages.crash'))
    setFailure(text)
    showErrorPopup(text)
    // What the server knows changed (a hold ran out, stock went): the cart is priced again.
    if (error instanceof ApiError && error.isClientError && error.code !== CheckoutErrorCode.promoInvalid)
      refresh()
  }

  async function pay(event: FormEvent) {
    event.preventDefault()
    // One request per click, however fast the clicks come (the cart's guid guards the server too).
    if (sending.current || flow.leaving) return
    if (!readyToPay()) return
    const paying = totals.total > 0 && method?.kind === 'method' ? method : null
    // The card tokenizer, and card on file without a saved card: the card popup first (spec 2 §4).
    if (paying && takesCardFirst(paying, info)) {
      flow.openCard(paying, send, payLabel)
      return
    }
    sending.current = true
    try {
      const model = await send(
        paying && savesCardOnProviderPage(paying, info) ? { saveCreditCard: saveCardAtProvider } : {},
      )
      // Paid (to /cz/ok with the order's number), or on to the provider: Redsys's page, Stripe's popup.
      if (flow.follow(model)) return
      const text = model.errorMsg || t('messages.crash')
      setFailure(text)
      showErrorPopup(text)
    } catch (error) {
      showRefusal(error)
    } finally {
      sending.current = false
    }
  }

  /** PayPal's button asks for its order: the page's checks first, then the checkout makes it. */
  async function createPayPalOrder() {
    if (!readyToPay()) throw new PaymentStopped()
    return flow.createPayPalOrder(send)
  }

  const field = (name: keyof Details & (typeof ADDRESS_FIELDS)[number]) => ({
    id: ids[name],
    label: t(`checkout.fields.${name}`),
    required: true,
    value: details[name],
    error: errors[name],
    onValueChange: (value: string) => setDetail(name, value),
  })

  // Sales that cannot be paid any more: their hold ran out by this clock, or the server released it.
  const goneSales = cart.sales.filter((sale) => holdLeftMs(sale, now) === 0 || released.has(sale.id))
  const holdOf = (saleId: number) => cart.sales.find((sale) => sale.id === saleId)

  return (
    <>
      <form className="checkout__form" noValidate onSubmit={(event) => void pay(event)}>
        {(addressNeeded || info.transportRequired) && payableCount > 0 && (
          <div className="checkout__top">
            {addressNeeded && (
              <section className="card checkout__section" aria-labelledby={`${id}-address`}>
                <h2 id={`${id}-address`} className="checkout__heading">
                  {guest ? t('checkout.yourDetails') : t('checkout.deliveryAddress')}
                </h2>
                <div className="checkout__grid">
                  <TextField {...field('name')} autoComplete="given-name" />
                  <TextField {...field('surname')} autoComplete="family-name" />
                  <TextField {...field('email')} type="email" autoComplete="email" readOnly={!guest} />
                  <TextField {...field('phone')} type="tel" autoComplete="tel" />
                  <TextField {...field('addressLine1')} autoComplete="street-address" wide />
                  <TextField {...field('postalCode')} autoComplete="postal-code" />
                  <TextField {...field('city')} autoComplete="address-level2" />
                  <TextField {...field('town')} autoComplete="address-level1" />
                  <TextField {...field('country')} autoComplete="country-name" />
                  {guest && (
                    <>
                      <PasswordField
                        id={ids.password1}
                        label={t('checkout.fields.password')}
                        required
                        value={details.password}
                        error={errors.password1}
                        hint={t('checkout.passwordHint')}
                        autoComplete="new-password"
                        onValueChange={(value) => setDetail('password', value)}
                      />
                      <PasswordField
                        id={ids.password2}
                        label={t('checkout.fields.password2')}
                        required
                        value={details.password2}
                        error={errors.password2}
                        autoComplete="new-password"
                        onValueChange={(value) => setDetail('password2', value)}
                      />
                    </>
                  )}
                </div>
              </section>
            )}
            {info.transportRequired && (
              <section className="card checkout__section" aria-labelledby={`${id}-transport`}>
                <h2 id={`${id}-transport`} className="checkout__heading">
                  {t('checkout.transport')}
                </h2>
                {info.transports.length === 0 ? (
                  <p className="checkout__empty">{t('checkout.noTransports')}</p>
                ) : (
                  <table className="checkout-table" aria-labelledby={`${id}-transport`}>
                    <thead>
                      <tr>
                        <th scope="col">
                          <span className="visually-hidden">{t('checkout.choose')}</span>
                        </th>
                        <th scope="col">{t('checkout.transportName')}</th>
                        <th scope="col">{t('checkout.deliveryTime')}</th>
                        <th scope="col" className="is-number">
                          {t('checkout.price')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {info.transports.map((item, index) => (
                        <tr key={item.id}>
                          <td>
                            <input
                              type="radio"
                              id={index === 0 ? ids.transport : `${ids.transport}-${item.id}`}
                              name="transport"
                              className="checkout__radio"
                              checked={transport?.id === item.id}
                              onChange={() => chooseTransport(item.id)}
                              aria-labelledby={`${ids.transport}-name-${item.id}`}
                            />
                          </td>
                          <td id={`${ids.transport}-name-${item.id}`}>
                            <label htmlFor={index === 0 ? ids.transport : `${ids.transport}-${item.id}`}>
                              {item.name}
                            </label>
                          </td>
                          <td>{item.deliveryTime}</td>
                          <td className="is-number">
                            {item.product.grossPrice > 0
                              ? format.currency(item.product.grossPrice)
                              : t('checkout.free')}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {errors.transport && (
                  <p className="field__error" id={`${ids.transport}-error`}>
                    {errors.transport}
                  </p>
                )}
              </section>
            )}
          </div>
        )}

        <section className="card checkout__section" aria-labelledby={`${id}-cart`}>
          <h2 id={`${id}-cart`} className="checkout__heading">
            {t('checkout.yourCart')}
          </h2>
          <table className="checkout-table checkout-table--stack" aria-labelledby={`${id}-cart`}>
            <thead>
              <tr>
                <th scope="col">{t('checkout.product')}</th>
                <th scope="col" className="is-number">
                  {t('checkout.price')}
                </th>
                <th scope="col" className="is-number">
                  {t('checkout.units')}
                </th>
                <th scope="col" className="is-number">
                  {t('checkout.lineTotal')}
                </th>
              </tr>
            </thead>
            <tbody>
              {info.lines.map((line) => {
                const stored = cart.sItems.find(
                  (item) => item.productId === line.productId && item.stockParentId === line.stockParentId,
                )
                return (
                  <tr key={`${line.productId}-${line.stockParentId ?? 0}`}>
                    <th scope="row">{line.name || (stored ? lineName(stored) : '')}</th>
                    <td className="is-number" data-label={t('checkout.price')}>
                      {format.currency(line.unitPrice)}
                    </td>
                    <td className="is-number" data-label={t('checkout.units')}>
                      {line.units}
                    </td>
                    <td className="is-number" data-label={t('checkout.lineTotal')}>
                      {format.currency(line.total)}
                    </td>
                  </tr>
                )
              })}
              {info.sales.map((sale) => {
                const left = holdOf(sale.id) ? holdLeftMs(holdOf(sale.id)!, now) : null
                return (
                  <tr key={`sale-${sale.id}`}>
                    <th scope="row">
                      {sale.title}
                      {left !== null && (
                        <span className="checkout__hold">
                          <HoldCountdown leftMs={left} />
                        </span>
                      )}
                    </th>
                    <td className="is-number" data-label={t('checkout.price')}>
                      {format.currency(sale.pending + sale.paid)}
                    </td>
                    <td className="is-number" data-label={t('checkout.units')}>
                      1
                    </td>
                    <td className="is-number" data-label={t('checkout.lineTotal')}>
                      {format.currency(sale.pending + sale.paid)}
                    </td>
                  </tr>
                )
              })}
              {goneSales.map((sale) => (
                <tr key={`expired-${sale.id}`} className="is-expired">
                  <th scope="row">
                    <span className="checkout__gone-title">{sale.title}</span>
                    <span className="checkout__hold">
                      {released.has(sale.id) ? (
                        <>
                          <span className="hold hold--expired">{t('checkout.released')}</span>{' '}
                          {released.get(sale.id)}
                        </>
                      ) : (
                        <>
                          <HoldCountdown leftMs={0} /> {t('cart.holdExpiredNote')}
                        </>
                      )}
                    </span>
                  </th>
                  <td colSpan={3} className="checkout__row-action">
                    {/* The verb is seen (the line's name is just above it); the whole is read. */}
                    <button
                      type="button"
                      className="button button--secondary button--small checkout__remove"
                      aria-label={t('cart.remove', { name: sale.title })}
                      onClick={() => void removeSaleFromCart(sale.id)}
                    >
                      {t('checkout.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        {payableCount === 0 ? (
          // Nothing left to pay (the only lines were released or removed): the empty cart, no Confirm.
          <NotFoundState
            message={t('cart.empty')}
            back={{ label: t('common.continueShopping'), to: paths.home }}
          />
        ) : (
          <section className="card checkout__section checkout__payment" aria-labelledby={`${id}-payment`}>
            <h2 id={`${id}-payment`} className="checkout__heading">
              {t('checkout.payment')}
            </h2>
            {info.paymentScripts.sandbox && <SandboxNotice />}

            <div className="checkout__payment-grid">
              <fieldset
                className="checkout__methods"
                aria-describedby={errors.method ? `${ids.method}-error` : undefined}
              >
                <legend className="checkout__legend">{t('checkout.paymentMethod')}</legend>
                {totals.total <= 0 ? (
                  <p className="checkout__empty">{t('checkout.nothingToPay')}</p>
                ) : (
                  <ul className="method-list">
                    {info.paymentMethods
                      .filter((item) => item.type !== 'voucher')
                      .map((item) => {
                        const key = `m-${item.id}-${item.tokenId ?? 0}`
                        const usable = canPayWith(item, info)
                        return (
                          <MethodOption
                            key={key}
                            id={key === methods[0]?.key ? ids.method : `${ids.method}-${key}`}
                            checked={methodKey === key}
                            disabled={!usable}
                            label={item.name}
                            note={usable ? item.description : t('checkout.methodUnavailable')}
                            onChoose={() => {
                              setMethodKey(key)
                              edited('method', () => runCheck({ methodKey: key }).fields)
                            }}
                          >
                            {usable && methodKey === key && item.id === PaymentMethodId.Wallet && (
                              <LazyPayPalButtons
                                clientId={info.payPalId}
                                currency={info.currency}
                                sdkBaseUrl={info.paymentScripts.payPalSdkUrl ?? undefined}
                                createOrder={createPayPalOrder}
                                onApproved={flow.approvePayPal}
                                onError={(error) => {
                                  if (!(error instanceof PaymentStopped)) showRefusal(error)
                                }}
                              />
                            )}
                            {usable && methodKey === key && savesCardOnProviderPage(item, info) && (
                              <CheckboxField
                                id={`${id}-save-card`}
                                label={t('card.save')}
                                hint={t('card.onProviderPage')}
                                checked={saveCardAtProvider}
                                onCheckedChange={setSaveCardAtProvider}
                              />
                            )}
                          </MethodOption>
                        )
                      })}
                    {info.vouchers.map((option) => {
                      const key = `v-${option.voucher.id}`
                      return (
                        <MethodOption
                          key={key}
                          id={key === methods[0]?.key ? ids.method : `${ids.method}-${key}`}
                          checked={methodKey === key}
                          disabled={!option.enough}
                          label={option.voucher.name}
                          note={
                            <>
                              {t('checkout.balance', { balance: voucherBalance(option) })}
                              {!option.enough && <strong> {t('checkout.notEnough')}</strong>}
                            </>
                          }
                          onChoose={() => {
                            setMethodKey(key)
                            edited('method', () => runCheck({ methodKey: key }).fields)
                          }}
                        />
                      )
                    })}
                  </ul>
                )}
                {errors.method && (
                  <p className="field__error" id={`${ids.method}-error`}>
                    {errors.method}
                  </p>
                )}
              </fieldset>

              <div className="checkout__summary">
                <dl className="totals">
                  <div>
                    <dt>{t('checkout.subtotal')}</dt>
                    <dd data-testid="checkout-subtotal">{format.currency(totals.subtotal)}</dd>
                  </div>
                  {totals.paid > 0 && (
                    <div>
                      <dt>{t('checkout.alreadyPaid')}</dt>
                      <dd data-testid="checkout-paid">−{format.currency(totals.paid)}</dd>
                    </div>
                  )}
                  {info.transportRequired && (
                    <div>
                      <dt>{t('checkout.shipping')}</dt>
                      <dd data-testid="checkout-shipping">
                        {totals.shipping > 0 ? format.currency(totals.shipping) : t('checkout.free')}
                      </dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('checkout.discount')}</dt>
                    <dd data-testid="checkout-discount">
                      {totals.discount > 0 ? `−${format.currency(totals.discount)}` : format.currency(0)}
                    </dd>
                  </div>
                  <div className="totals__total">
                    <dt>{t('checkout.total')}</dt>
                    <dd data-testid="checkout-total">{format.currency(totals.total)}</dd>
                  </div>
                </dl>

                <div className="coupon">
                  <TextField
                    id={ids.promo}
                    label={t('checkout.coupon')}
                    value={code}
                    error={errors.promo}
                    autoComplete="off"
                    autoCapitalize="characters"
                    maxLength={40}
                    onValueChange={(value) => {
                      setCode(value)
                      setCouponNote(null)
                      edited('promo', () => runCheck({ code: value }).fields)
                    }}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault()
                        void applyCoupon()
                      }
                    }}
                  />
                  <Button
                    type="button"
                    variant="secondary"
                    className="coupon__button"
                    busy={promo.isPending}
                    busyLabel={t('common.sending')}
                    onClick={() => void applyCoupon()}
                  >
                    {t('checkout.applyCoupon')}
                  </Button>
                  <p className={`coupon__note${couponNote?.ok ? ' is-ok' : ' is-error'}`} role="status">
                    {couponNote?.text ?? ''}
                  </p>
                </div>
              </div>
            </div>

            {(!info.okRss || !info.acceptConditions) && (
              <div className="checkout__legal">
                {!info.okRss && (
                  <CheckboxField
                    id={`${id}-okrss`}
                    label={t('legal.optIn')}
                    checked={okRss}
                    onCheckedChange={setOkRss}
                  />
                )}
                {!info.acceptConditions && (
                  <CheckboxField
                    id={ids.legal}
                    label={t('checkout.acceptConditions')}
                    required
                    checked={legalAccepted}
                    error={errors.legal}
                    hint={<LegalLinks />}
                    onCheckedChange={(checked) => {
                      setLegalAccepted(checked)
                      edited('legal', () => runCheck({ legal: checked }).fields)
                    }}
                  />
                )}
              </div>
            )}

            <div className="checkout__pay">
              {payingByPayPal ? (
                <p className="checkout__paypal-hint">{t('payments.payWithPayPal')}</p>
              ) : (
                <Button
                  type="submit"
                  variant="primary"
                  className="button--large checkout__pay-button"
                  busy={checkout.isPending || flow.leaving}
                  busyLabel={flow.leaving ? t('payments.toBank') : t('common.sending')}
                >
                  {payLabel}
                </Button>
              )}
              <p className="checkout__failure" role="alert">
                {failure ?? ''}
              </p>
              {loginAsked && (
                <Button type="button" onClick={() => openLogin({ mode: 'login', backUrl: paths.checkout })}>
                  {t('checkout.logInToBuy')}
                </Button>
              )}
            </div>
          </section>
        )}
      </form>
      {/* Outside the form: a popup's own form must not submit the checkout's. */}
      {flow.popups}
    </>
  )
}

function MethodOption({
  id,
  checked,
  disabled,
  label,
  note,
  onChoose,
  children,
}: {
  id: string
  checked: boolean
  disabled: boolean
  label: string
  note: ReactNode
  onChoose: () => void
  /** What the method shows inside it once chosen (PayPal's button, saving the card). */
  children?: ReactNode
}) {
  // Only what is there: the conditions of a method not chosen leave `false`s, not an empty box.
  const extra = Children.toArray(children)
  return (
    <li className={`method${checked ? ' is-chosen' : ''}${disabled ? ' is-disabled' : ''}`}>
      <input
        type="radio"
        id={id}
        name="method"
        className="checkout__radio"
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        aria-describedby={`${id}-note`}
      />
      <label htmlFor={id} className="method__label">
        <span className="method__name">{label}</span>
        <span id={`${id}-note`} className="method__note">
          {note}
        </span>
      </label>
      {extra.length > 0 && <div className="method__extra">{extra}</div>}
    </li>
  )
}

/**
 * A voucher's balance in its unit, as the server answers it and the voucher page shows it: euros
 * (method 6), sessions (7) or hours (8; already hours, never minutes to divide again).
 */
function useVoucherBalance() {
  const amount = useVoucherFormat()
  return (option: VoucherOption) => {
    const { balance } = option.voucher
    if (option.paymentMethodId === 7) return amount(balance, VoucherKind.Sessions)
    if (option.paymentMethodId === 8) return amount(balance, VoucherKind.Hours)
    return amount(balance, VoucherKind.Money)
  }
}
