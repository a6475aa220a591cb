import { PaymentMethodId, SaleItemKind, VoucherKind, type Locale } from '@clubhouse/contract/server'
import type { Services } from '../services.ts'
import { importAccounts, type AccountImport } from '../db/seed/import-accounts.ts'
import { hashPassword } from '../features/customers/passwords.ts'
import type { Localised } from '../lib/localised.ts'

/**
 * Customers with a history of their own for API tests, brought in through the services as the demo
 * seed brings its customers in: the sales service prices and totals their orders, the vouchers
 * service keeps their balances.
 */

export const both = (es: string, en: string): Localised => ({ 'es-ES': es, 'en-US': en })

/** What a test says of a customer; the rest of the profile has plain defaults. */
export interface TestCustomerInput extends Omit<AccountImport, 'customer'> {
  email: string
  /** Test-Pass-2026 unless told. */
  password?: string
  name?: string
  language?: Locale
}

export interface TestCustomer {
  id: number
  email: string
  password: string
}

/** Brings activated customers in with their history; answers them in order. */
export async function createTestCustomers(
  services: Pick<Services, 'units' | 'customers' | 'sales' | 'vouchers' | 'comms'>,
  inputs: TestCustomerInput[],
): Promise<TestCustomer[]> {
  const passwords = inputs.map((c) => c.password ?? 'Test-Pass-2026')
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)))
  const ids = await importAccounts(
    services,
    inputs.map(({ email, password: _password, name, language, ...history }, i) => ({
      customer: {
        email,
        passwordHash: hashes[i]!,
        name: name ?? 'Test',
        surname: 'Customer',
        phone: '600000000',
        language: language ?? 'es-ES',
        acceptConditions: true,
        activatedAt: new Date('2026-01-01T09:00:00.000Z'),
      },
      ...history,
    })),
  )
  return ids.map((id, i) => ({ id, email: inputs[i]!.email, password: passwords[i]! }))
}

/**
 * The least history an account page shows: one paid order (`number`) of two units of a product and
 * a money voucher of 50 € topped up at the desk.
 */
export function anOrderAndAVoucher(
  number: string,
  productId: number,
): Pick<AccountImport, 'sales' | 'vouchers'> {
  const at = new Date('2026-03-02T10:00:00.000Z')
  return {
    sales: [
      {
        saleNumber: number,
        title: both('Pedido de la tienda', 'Shop order'),
        status: 'paid',
        online: true,
        paymentMethodId: PaymentMethodId.BankCardRedirect,
        createdAt: at,
        items: [{ kind: SaleItemKind.Article, productId, units: 2 }],
      },
    ],
    vouchers: [
      {
        kind: VoucherKind.Money,
        description: both('Monedero', 'Wallet'),
        active: true,
        expiresAt: null,
        createdAt: at,
        movements: [
          { amount: 5000, concept: both('Recarga en recepción', 'Top-up at the desk'), createdAt: at },
        ],
      },
    ],
  }
}
