import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render.tsx'
import { addToCart } from '../cart-store.ts'
import { CartDropdown } from './cart-dropdown.tsx'

const racket = { id: 7, name: 'Carbon racket', logo: '/uploads/r.svg', grossPrice: 89.9 }
const balls = { id: 9, name: 'Padel balls', logo: '', grossPrice: 4.5 }

const openCart = async (user: ReturnType<typeof userEvent.setup>, count: number) => {
  const button = screen.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` })
  await user.click(button)
  const panel = screen.getByRole('region', { name: 'Your cart' })
  // The panel's contents load the first time the cart opens.
  await within(panel).findByRole('heading', { name: 'Your cart' })
  return { button, panel }
}

describe('the cart dropdown', () => {
  it('says the cart is empty and leads to the shop', async () => {
    const user = userEvent.setup()
    renderWithApp(<CartDropdown />)

    const { button, panel } = await openCart(user, 0)

    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(within(panel).getByText('Your cart is empty.')).toBeTruthy()
    expect(within(panel).getByRole('link', { name: 'Go to the shop' }).getAttribute('href')).toBe('/shop')
  })

  it('lists each line linking to its product, with the total and the way to checkout', async () => {
    await addToCart(racket, 2)
    await addToCart(balls)
    const user = userEvent.setup()
    renderWithApp(<CartDropdown />)

    const { panel } = await openCart(user, 3)

    expect(within(panel).getByRole('link', { name: 'Carbon racket' }).getAttribute('href')).toBe('/shop/7')
    expect(within(panel).getByRole('link', { name: 'Padel balls' }).getAttribute('href')).toBe('/shop/9')
    expect(within(panel).getByTestId('cart-total').textContent).toBe('184,30\u00A0€')
    expect(within(panel).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout')
    expect(within(panel).getByRole('button', { name: 'Continue Shopping' })).toBeTruthy()
  })

  it('changes units with the stepper and the field, and removes a line at 1 unit', async () => {
    await addToCart(racket)
    await addToCart(balls)
    const user = userEvent.setup()
    renderWithApp(<CartDropdown />)
    const { panel } = await openCart(user, 2)

    await user.click(within(panel).getByRole('button', { name: 'One more: Carbon racket' }))
    expect(await screen.findByRole('button', { name: 'Cart, 3 items' })).toBeTruthy()

    const field = within(panel).getByRole('spinbutton', { name: 'Quantity: Padel balls' })
    await user.clear(field)
    await user.type(field, '12')
    expect(await screen.findByRole('button', { name: 'Cart, 14 items' })).toBeTruthy()

    await user.clear(field)
    await user.type(field, 'abc')
    await user.tab()
    expect((field as HTMLInputElement).value).toBe('12')

    await user.clear(within(panel).getByRole('spinbutton', { name: 'Quantity: Carbon racket' }))
    await user.type(within(panel).getByRole('spinbutton', { name: 'Quantity: Carbon racket' }), '1')
    await user.click(within(panel).getByRole('button', { name: 'One less: Carbon racket' }))

    expect(within(panel).queryByRole('link', { name: 'Carbon racket' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Cart, 12 items' })).toBeTruthy()
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Your cart' }))
  })

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup()
    renderWithApp(<CartDropdown />)
    const { button } = await openCart(user, 0)

    await user.keyboard('{Escape}')

    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('region', { name: 'Your cart' })).toBeNull()
    expect(document.activeElement).toBe(button)
  })
})
