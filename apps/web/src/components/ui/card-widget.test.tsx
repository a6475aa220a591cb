import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CardDialog } from '../../features/payments/components/card-dialog.tsx'
import { onTheSpanishSite } from '../../test/language.ts'
import { CardWidget, type CardWidgetProps } from './card-widget.tsx'

const may2026 = () => new Date(2026, 4, 15, 12, 0)

function renderWidget(props: Partial<CardWidgetProps> = {}) {
  const onSubmit = vi.fn<CardWidgetProps['onSubmit']>()
  render(
    <CardWidget
      onSubmit={onSubmit}
      allowSave={false}
      busy={false}
      submitLabel="Pay 28 €"
      now={may2026}
      {...props}
    />,
  )
  return { onSubmit }
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement
const nameField = () => field(/cardholder name/i)
const numberField = () => field(/card number/i)
const expiryField = () => field(/expiry date/i)
const cvvField = () => field(/security code/i)
const picture = () => screen.getByTestId('card-picture')

/** What a screen reader reads after a field's name: the texts its aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean)
    .join(' ')

async function fill(values: { name?: string; number?: string; expiry?: string; cvv?: string }) {
  if (values.name !== undefined) await userEvent.type(nameField(), values.name)
  if (values.number !== undefined) await userEvent.type(numberField(), values.number)
  if (values.expiry !== undefined) await userEvent.type(expiryField(), values.expiry)
  if (values.cvv !== undefined) await userEvent.type(cvvField(), values.cvv)
}

const pay = () => userEvent.click(screen.getByRole('button', { name: 'Pay 28 €' }))

describe('the card widget', { timeout: 30_000 }, () => {
  it('has four labelled fields for card autofill, the number fields numeric', () => {
    renderWidget()
    expect(nameField().autocomplete).toBe('cc-name')
    expect(numberField().autocomplete).toBe('cc-number')
    expect(expiryField().autocomplete).toBe('cc-exp')
    expect(cvvField().autocomplete).toBe('cc-csc')
    for (const input of [numberField(), expiryField(), cvvField()]) {
      expect(input.inputMode).toBe('numeric')
    }
    expect(picture().getAttribute('aria-hidden')).toBe('true')
  })

  it.each([
    ['American Express', '378282246310005', '3782 822463 10005'],
    ['Diners Club', '30569309025904', '3056 930902 5904'],
    ['JCB', '213112345678901', '2131 123456 78901'],
    ['JCB', '3530111333300000', '3530 1113 3330 0000'],
    ['Visa', '4111111111111111', '4111 1111 1111 1111'],
    ['Mastercard', '2221000000000009', '2221 0000 0000 0009'],
  ])(
    'groups a %s number %s as %s and names the brand on the card and in the form',
    async (brand, typed, shown) => {
      renderWidget()
      await userEvent.type(numberField(), `${typed}999`)
      expect(numberField().value).toBe(shown)
      expect(screen.getByTestId('card-number').textContent).toBe(shown)
      expect(screen.getByTestId('card-brand').textContent).toBe(brand)
      expect(description(numberField())).toBe(`Card type: ${brand}`)
    },
  )

  it('draws the number as typed, the digits to come as dots, in the brand’s colour', async () => {
    renderWidget()
    expect(picture().className).toContain('card-widget__card--none')
    await userEvent.type(numberField(), '3782')
    expect(screen.getByTestId('card-number').textContent).toBe('3782 •••••• •••••')
    expect(picture().className).toContain('card-widget__card--amex')
    await userEvent.clear(numberField())
    await userEvent.type(numberField(), '4')
    expect(picture().className).toContain('card-widget__card--visa')
  })

  it('keeps only digits in the number, the expiry and the code, and adds the expiry’s slash', async () => {
    renderWidget()
    await fill({ number: '4a1b1-1', expiry: '0x828', cvv: '1c23' })
    expect(numberField().value).toBe('4111')
    expect(expiryField().value).toBe('08/28')
    expect(cvvField().value).toBe('123')
    expect(within(picture()).getByText('08/28')).toBeTruthy()
  })

  it('turns the card to its back while the security code has focus', async () => {
    renderWidget()
    expect(picture().dataset.side).toBe('front')
    await userEvent.click(cvvField())
    expect(picture().dataset.side).toBe('back')
    expect(picture().className).toContain('is-flipped')
    await userEvent.type(cvvField(), '12')
    expect(screen.getByTestId('card-cvv').textContent).toBe('12')
    await userEvent.click(nameField())
    expect(picture().dataset.side).toBe('front')
  })

  it('takes a cardholder name of up to 20 characters', async () => {
    renderWidget()
    await userEvent.type(nameField(), 'Maria Dolores Fernandez')
    expect(nameField().value).toBe('Maria Dolores Fernan')
    expect(nameField().maxLength).toBe(20)
  })

  it('asks for all four fields, marks each, focuses the first and sends nothing', async () => {
    const { onSubmit } = renderWidget()
    await fill({ number: '4111111111111111' })
    await pay()
    expect(screen.getByRole('alert').textContent).toBe('Please fill all fields')
    expect(description(nameField())).toBe('Required')
    expect(description(expiryField())).toBe('Required')
    expect(description(cvvField())).toContain('Required')
    expect(nameField().getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(nameField())
    // Nothing typed is cleared.
    expect(numberField().value).toBe('4111 1111 1111 1111')
    expect(onSubmit).not.toHaveBeenCalled()

    // The messages go as the fields are filled in.
    await fill({ name: 'Marta Soler', expiry: '0828', cvv: '123' })
    expect(description(nameField())).toBe('')
    expect(screen.getByRole('alert').textContent).toBe('')
  })

  it('says when the number is incomplete, and when it fails the Luhn check', async () => {
    const { onSubmit } = renderWidget()
    await fill({ name: 'Marta Soler', number: '4111 1111', expiry: '0828', cvv: '123' })
    await pay()
    expect(description(numberField())).toBe('Card type: Visa The card number is incomplete')
    expect(document.activeElement).toBe(numberField())

    await userEvent.clear(numberField())
    await userEvent.type(numberField(), '4111111111111112')
    expect(description(numberField())).toBe('Card type: Visa This card number is not valid: check the digits')
    await pay()
    expect(screen.getByRole('alert').textContent).toBe('Check the fields marked in red')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('refuses an expiry that is not MM/YY, and one whose month has ended', async () => {
    renderWidget()
    await fill({ name: 'Marta Soler', number: '4111111111111111', expiry: '1328', cvv: '123' })
    await pay()
    expect(description(expiryField())).toBe('Write the expiry date as MM/YY')

    await userEvent.clear(expiryField())
    await userEvent.type(expiryField(), '0426')
    expect(description(expiryField())).toBe('This card has expired')
    await userEvent.clear(expiryField())
    await userEvent.type(expiryField(), '0526')
    expect(description(expiryField())).toBe('')
  })

  it('asks American Express for a 4-digit security code and other cards for 3 or 4', async () => {
    renderWidget()
    await fill({ name: 'Marta Soler', number: '378282246310005', expiry: '0828', cvv: '123' })
    await pay()
    expect(description(cvvField())).toContain('The security code has 4 digits')

    await userEvent.clear(numberField())
    await userEvent.type(numberField(), '4111111111111111')
    await userEvent.clear(cvvField())
    await userEvent.type(cvvField(), '12')
    expect(description(cvvField())).toContain('The security code has 3 or 4 digits')
  })

  it('sends the card with the number in digits only, and does not offer to save it unless allowed', async () => {
    const { onSubmit } = renderWidget()
    expect(screen.queryByRole('checkbox')).toBeNull()
    await fill({ name: 'Marta Soler', number: '4111111111111111', expiry: '0828', cvv: '123' })
    await pay()
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(
      { name: 'Marta Soler', number: '4111111111111111', expMonth: 8, expYear: 2028, cvv: '123' },
      false,
    )
  })

  it('offers to save the card when the method tokenises, and says whether to', async () => {
    const { onSubmit } = renderWidget({ allowSave: true })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Save card for future shoppings?' }))
    await fill({ name: 'Marta Soler', number: '5555555555554444', expiry: '1230', cvv: '321' })
    await pay()
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ number: '5555555555554444' }), true)
  })

  it('shows the payment’s refusal, and sends nothing while a payment is being asked for', async () => {
    const { onSubmit } = renderWidget({ error: 'The card was declined.', busy: true })
    expect(screen.getByRole('alert').textContent).toBe('The card was declined.')
    await fill({ name: 'Marta Soler', number: '4111111111111111', expiry: '0828', cvv: '123{Enter}' })
    expect(onSubmit).not.toHaveBeenCalled()
  })

  describe('on the Spanish site', () => {
    onTheSpanishSite()

    it('speaks Spanish', async () => {
      renderWidget({ allowSave: true, submitLabel: 'Pagar' })
      expect(screen.getByRole('checkbox', { name: '¿Guardar la tarjeta para futuras compras?' })).toBeTruthy()
      await userEvent.click(screen.getByRole('button', { name: 'Pagar' }))
      expect(screen.getByRole('alert').textContent).toBe('Rellena todos los campos')
      expect(screen.getByRole('textbox', { name: /titular de la tarjeta/i })).toBeTruthy()
    })
  })
})

describe('the card popup', { timeout: 30_000 }, () => {
  it('is titled Pay, starts on the cardholder name and closes on Escape unless a payment runs', async () => {
    const onClose = vi.fn()
    const { rerender } = render(
      <CardDialog
        open
        onClose={onClose}
        onSubmit={vi.fn()}
        allowSave={false}
        busy={false}
        submitLabel="Pay"
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Pay' })
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /cardholder name/i }))
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)

    rerender(
      <CardDialog open onClose={onClose} onSubmit={vi.fn()} allowSave={false} busy submitLabel="Pay" />,
    )
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
