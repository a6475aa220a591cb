import { PaymentMethodId, type PaymentMethod } from '@clubhouse/contract/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { testDatabaseKinds } from '../../test/build-test-app.ts'
import { checkoutBody, createCheckoutShop, type CheckoutShop } from '../../test/checkout-fixtures.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { listeningAppWithRedsys } from '../../test/payment-fixtures.ts'

/**
 * Card on file (method 15, decision 068) over the API: a card tokenised by Redsys's tokeniser (the
 * fake's, reached as the browser reaches it) pays a first order and is kept, as the customer asked;
 * the checkout then offers it as a method of its own, by its last digits and expiry, and it pays the
 * next order without a card being sent; once deleted, it is offered no more and pays nothing.
 */
describe.each(testDatabaseKinds())('paying with a card on file on %s', (kind) => {
  let t: Awaited<ReturnType<typeof listeningAppWithRedsys>>
  let app: App
  let shop: CheckoutShop
  let redsys: typeof t.redsys
  let ana!: LoggedIn

  beforeAll(async () => {
    t = await listeningAppWithRedsys(kind)
    ;({ app, redsys } = t)
    shop = await createCheckoutShop(app.services)
    ;[ana] = (await insertLoggedInCustomers(app, 1, 'cof')) as [LoggedIn]
  })
  afterAll(async () => {
    await t.close()
  })

  /** The one-time idOper of a card, from the tokeniser the card popup calls. */
  const tokenise = async (cardNumber: string, expiry: string) => {
    const res = await fetch(`${redsys.url}/sis/rest/insite/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantCode: '', terminal: '', order: '', cardNumber, expiry, cvv: '123' }),
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { idOper: string }).idOper
  }
  const checkout = (body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/shop/checkout-customer',
      headers: ana.headers,
      payload: checkoutBody(ana.id, {
        saleItems: [{ productId: shop.pass, units: 1 }],
        paymentMethodId: PaymentMethodId.CardAuthorize,
        ...body,
      }),
    })
  const savedCards = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/shop/checkout-info-by-customer',
      headers: { ...ana.headers, 'accept-language': 'es-ES' },
      payload: { customerId: ana.id, saleItems: [{ productId: shop.pass, units: 1 }], saleIds: [] },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res
      .json<{ data: { paymentMethods: PaymentMethod[] } }>()
      .data.paymentMethods.filter((method) => method.tokenId !== null)
  }

  it('keeps the card asked to be saved, offers it by its last digits and pays the next order with it', async () => {
    const first = await checkout({
      tpvOnlineInfoTemp: { token: await tokenise('4548 8120 4940 0004', '12/49') },
      saveCreditCard: true,
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().model).toMatchObject({ completed: true })

    const [card, ...others] = await savedCards()
    expect(others).toEqual([])
    expect(card).toMatchObject({
      id: PaymentMethodId.CardAuthorize,
      name: 'Visa •••• 0004',
      description: 'Caduca 12/49',
      allowTokenization: false,
      available: true,
    })

    // The same card typed and saved again stays one card among the ways to pay.
    const again = await checkout({
      tpvOnlineInfoTemp: { token: await tokenise('4548 8120 4940 0004', '12/49') },
      saveCreditCard: true,
    })
    expect(again.json().model).toMatchObject({ completed: true })
    expect(await savedCards()).toEqual([card])

    // Paid with the kept card: Redsys is asked by the card's reference, no card is tokenised.
    const tokenised = redsys.fake.requests.filter((r) => r.route === 'token').length
    const second = await checkout({ tokenId: card!.tokenId })
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json().model).toMatchObject({ completed: true })
    expect(second.json().model.saleNumber).not.toBe(first.json().model.saleNumber)
    expect(redsys.fake.requests.filter((r) => r.route === 'token')).toHaveLength(tokenised)
    const preauthorisation = redsys.fake.requests.findLast(
      (r) => r.route === 'rest' && r.parameters.DS_MERCHANT_TRANSACTIONTYPE === '1',
    )
    expect(preauthorisation?.parameters).toMatchObject({
      DS_MERCHANT_DIRECTPAYMENT: 'true',
      DS_MERCHANT_EXCEP_SCA: 'MIT',
    })
    expect(preauthorisation?.parameters.DS_MERCHANT_IDOPER).toBeUndefined()

    // Deleted on the account: no longer offered, and it pays nothing.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/publicpaymentmethods/${ana.id}/${card!.tokenId}`,
      headers: ana.headers,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await savedCards()).toEqual([])
    const refused = await checkout({ tokenId: card!.tokenId })
    expect(refused.statusCode).toBe(404)
    expect(refused.json().code).toBe('card_not_found')
  })
})
