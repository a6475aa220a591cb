import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CART_TTL_MS, StorageKey, writeItem } from '../../lib/storage.ts'
import {
  addSaleToCart,
  addToCart,
  cartCount,
  cartTotal,
  configureCart,
  decrementUnits,
  getCart,
  incrementUnits,
  lineName,
  parseUnits,
  removeFromCart,
  removeSaleFromCart,
  setUnits,
  toCart,
  type CartProduct,
} from './cart-store.ts'

const NOW = new Date('2025-05-01T10:00:00Z')
const racket: CartProduct = { id: 7, name: 'Carbon padel racket', logo: '/uploads/r.svg', grossPrice: 89.9 }
const balls: CartProduct = { id: 9, name: 'Padel balls (3)', logo: '/uploads/b.svg', grossPrice: 4.5 }

const units = () => getCart().sItems.map((item) => [item.productId, item.units])

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})

afterEach(() => {
  configureCart({})
})

describe('the cart', () => {
  it('adds a product with one unit and keeps it under crt', async () => {
    expect(await addToCart(racket)).toEqual({ status: 'added', units: 1 })

    expect(units()).toEqual([[7, 1]])
    const stored = JSON.parse(window.localStorage.getItem(StorageKey.cart) ?? 'null') as {
      v: { sItems: unknown[]; guid: string }
    }
    expect(stored.v.sItems).toHaveLength(1)
    expect(stored.v.guid).not.toBe('')
  })

  it('only increases the units of a product already in the cart', async () => {
    await addToCart(racket)
    await addToCart(balls)
    await addToCart(racket)

    expect(units()).toEqual([
      [7, 2],
      [9, 1],
    ])
  })

  it('adds a chosen quantity, never past 1000 units', async () => {
    await addToCart(balls, 999)
    expect(await addToCart(balls, 5)).toEqual({ status: 'limited', units: 1000 })
    expect(units()).toEqual([[9, 1000]])
  })

  it('removes a line when its minus is pressed at 1 unit', async () => {
    await addToCart(racket)
    await addToCart(balls)
    await incrementUnits({ productId: racket.id })
    expect(units()).toEqual([
      [7, 2],
      [9, 1],
    ])

    decrementUnits({ productId: racket.id })
    decrementUnits({ productId: balls.id })

    expect(units()).toEqual([[7, 1]])
    decrementUnits({ productId: racket.id })
    expect(getCart().sItems).toEqual([])
    expect(window.localStorage.getItem(StorageKey.cart)).toBeNull()
  })

  it('holds a typed quantity within 1 and 1000', async () => {
    await addToCart(racket)

    await setUnits({ productId: racket.id }, 2500)
    expect(units()).toEqual([[7, 1000]])
    await setUnits({ productId: racket.id }, 3.7)
    expect(units()).toEqual([[7, 3]])
    await setUnits({ productId: racket.id }, NaN)
    expect(units()).toEqual([[7, 3]])
  })

  it('removes a line', async () => {
    await addToCart(racket)
    await addToCart(balls)

    removeFromCart({ productId: racket.id })

    expect(units()).toEqual([[9, 1]])
  })

  it('counts units and sales and totals them in cents', async () => {
    await addToCart(racket, 2)
    await addToCart(balls, 3)
    addSaleToCart({ id: 31, title: 'Court 4, Monday 18:00', pending: 0.1 })
    addSaleToCart({ id: 31, title: 'Court 4, Monday 18:00', pending: 0.1 })
    addSaleToCart({ id: 32, title: 'Yoga, Tuesday', pending: 0.2 })

    const cart = getCart()
    expect(cartCount(cart)).toBe(2 + 3 + 2)
    expect(cartTotal(cart)).toBe(193.6)
  })

  it('keeps the cart for 24 days after its last change', async () => {
    await addToCart(racket)
    vi.setSystemTime(NOW.getTime() + CART_TTL_MS - 60_000)
    expect(units()).toEqual([[7, 1]])

    vi.setSystemTime(NOW.getTime() + CART_TTL_MS)
    expect(getCart().sItems).toEqual([])
    expect(window.localStorage.getItem(StorageKey.cart)).toBeNull()
  })

  it('starts the 24 days again on every change', async () => {
    await addToCart(racket)
    vi.setSystemTime(NOW.getTime() + 20 * 24 * 3600_000)
    await addToCart(racket)
    vi.setSystemTime(NOW.getTime() + 30 * 24 * 3600_000)

    expect(units()).toEqual([[7, 2]])
  })

  it('drops stored lines it cannot read instead of trusting them', () => {
    writeItem(
      StorageKey.cart,
      {
        guid: 'g',
        sItems: [
          { productId: 7, units: 2, product: { name: 'Racket', logo: '', grossPrice: 10 } },
          { productId: 'x', units: 1, product: { name: 'Bad', grossPrice: 1 } },
          { productId: 8, units: 1, product: { name: 'No price' } },
        ],
        sales: [{ id: 1, title: 'Court', pending: 'free' }],
      },
      { ttlMs: CART_TTL_MS },
    )

    expect(units()).toEqual([[7, 2]])
    expect(getCart().sales).toEqual([])
  })
  it('reads back a booking sale with the end of its hold, and ignores an end that is not text', () => {
    writeItem(
      StorageKey.cart,
      {
        guid: 'g',
        sItems: [],
        sales: [
          { id: 1, title: 'Court 1, 18:00', pending: 18, holdExpiresAt: '2026-06-02T10:15:00.000Z' },
          { id: 2, title: 'Court 2, 19:00', pending: 18, holdExpiresAt: 42 },
        ],
      },
      { ttlMs: CART_TTL_MS },
    )

    expect(getCart().sales).toEqual([
      { id: 1, title: 'Court 1, 18:00', pending: 18, holdExpiresAt: '2026-06-02T10:15:00.000Z' },
      { id: 2, title: 'Court 2, 19:00', pending: 18 },
    ])
  })
})

describe('the cart hook points', () => {
  it('refuses a product the shop says is out of stock and holds another to its known stock', async () => {
    expect(await addToCart({ ...racket, hasStock: false })).toEqual({ status: 'out_of_stock', units: 0 })
    expect(await addToCart({ ...balls, stock: 2 }, 5)).toEqual({ status: 'limited', units: 2 })
    expect(units()).toEqual([[9, 2]])
  })

  it('asks the configured stock check before units grow', async () => {
    const checkStock = vi.fn(async (_product: CartProduct, wanted: number) => Math.min(wanted, 4))
    configureCart({ checkStock })

    await addToCart(racket, 3)
    expect(await incrementUnits({ productId: racket.id })).toEqual({ status: 'added', units: 4 })
    expect(await incrementUnits({ productId: racket.id })).toEqual({ status: 'limited', units: 4 })

    expect(checkStock).toHaveBeenLastCalledWith(expect.objectContaining({ id: 7 }), 5, null)
    expect(units()).toEqual([[7, 4]])
  })

  it('counts every tap on plus made while a stock check is out, and keeps a quantity typed after them', async () => {
    // The stock checks answer when the test says, the way a slow connection does.
    const answers: Array<() => void> = []
    configureCart({
      checkStock: (_product: CartProduct, wanted: number) =>
        new Promise<number>((resolve) => answers.push(() => resolve(wanted))),
    })
    const answerNext = async () => {
      while (answers.length === 0) await Promise.resolve()
      answers.shift()!()
    }
    const adding = addToCart(racket)
    await answerNext()
    await adding

    const taps = [incrementUnits({ productId: racket.id }), incrementUnits({ productId: racket.id })]
    await answerNext()
    await answerNext()
    expect(await Promise.all(taps)).toEqual([
      { status: 'added', units: 2 },
      { status: 'added', units: 3 },
    ])
    expect(units()).toEqual([[7, 3]])

    // A tap, then a typed 8, then minus: 8 typed last but one, so 7.
    const changes = [
      incrementUnits({ productId: racket.id }),
      setUnits({ productId: racket.id }, 8),
      decrementUnits({ productId: racket.id }),
    ]
    await answerNext()
    await answerNext()
    await Promise.all(changes)
    expect(units()).toEqual([[7, 7]])
  })

  it('cancels a sale through the configured hook before it leaves the cart', async () => {
    const cancelSale = vi.fn(async () => true)
    configureCart({ cancelSale })
    addSaleToCart({ id: 31, title: 'Court 4', pending: 12, cancelUrl: 'publicbookings/cancel/5/2' })

    await removeSaleFromCart(31)

    expect(cancelSale).toHaveBeenCalledWith(
      expect.objectContaining({ cancelUrl: 'publicbookings/cancel/5/2' }),
    )
    expect(getCart().sales).toEqual([])
  })
})

describe('products in sizes or colours', () => {
  const shirt: CartProduct = { id: 12, name: 'Club T-shirt', logo: '', grossPrice: 19.9 }
  const sizeM = { id: 101, group: 'Size', name: 'M', stock: 4, hasStock: true }
  const sizeL = { id: 102, group: 'Size', name: 'L', stock: 0, hasStock: false }
  const lines = () => getCart().sItems.map((item) => [item.productId, item.stockParentId, item.units])

  it('keeps each variant on a line of its own, named with it', async () => {
    await addToCart(shirt, 1, sizeM)
    await addToCart(shirt, 1, { ...sizeM, id: 103, name: 'S' })
    await addToCart(shirt, 2, sizeM)

    expect(lines()).toEqual([
      [12, 101, 3],
      [12, 103, 1],
    ])
    const [first] = getCart().sItems
    expect(first).toMatchObject({ stockParentName: 'Size', stockDetail: 'M' })
    expect(lineName(first!)).toBe('Club T-shirt (Size M)')
  })

  it('holds a variant to its own stock and refuses a sold-out one', async () => {
    expect(await addToCart(shirt, 6, sizeM)).toEqual({ status: 'limited', units: 4 })
    expect(await addToCart(shirt, 1, sizeL)).toEqual({ status: 'out_of_stock', units: 0 })
    expect(lines()).toEqual([[12, 101, 4]])
  })

  it('changes and removes one variant line without touching the other', async () => {
    await addToCart(shirt, 2, sizeM)
    await addToCart(shirt, 1, { ...sizeM, id: 103, name: 'S' })

    decrementUnits({ productId: 12, stockParentId: 101 })
    decrementUnits({ productId: 12, stockParentId: 103 })

    expect(lines()).toEqual([[12, 101, 1]])
  })

  it('reads back the variant of a stored line', async () => {
    await addToCart(shirt, 1, sizeM)
    const stored = JSON.parse(window.localStorage.getItem(StorageKey.cart) ?? 'null') as { v: unknown }
    expect(toCart(stored.v).sItems[0]).toMatchObject({
      stockParentId: 101,
      stockParentName: 'Size',
      stockDetail: 'M',
    })
  })
})

describe('a refused stock check', () => {
  it('leaves the cart as it was and says it was refused', async () => {
    configureCart({ checkStock: async () => null })
    expect(await addToCart(racket, 2)).toEqual({ status: 'refused', units: 0 })
    expect(getCart().sItems).toEqual([])
  })

  it('keeps a sale the cancellation could not be asked for', async () => {
    configureCart({ cancelSale: async () => false })
    addSaleToCart({ id: 31, title: 'Court 4', pending: 12, cancelUrl: 'publicbookings/cancel/5/2' })
    await removeSaleFromCart(31)
    expect(getCart().sales.map((sale) => sale.id)).toEqual([31])
  })
})

describe('a typed quantity', () => {
  it('is ignored when it is not a number', () => {
    expect(parseUnits('')).toBeNull()
    expect(parseUnits('abc')).toBeNull()
    expect(parseUnits('2x')).toBeNull()
    expect(parseUnits('e')).toBeNull()
  })

  it('is made whole and held within 1 and 1000', () => {
    expect(parseUnits('3')).toBe(3)
    expect(parseUnits(' 12 ')).toBe(12)
    expect(parseUnits('0')).toBe(1)
    expect(parseUnits('-4')).toBe(1)
    expect(parseUnits('2.9')).toBe(2)
    expect(parseUnits('1000')).toBe(1000)
    expect(parseUnits('1001')).toBe(1000)
  })
})
