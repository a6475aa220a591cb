import {
  CustomFieldType,
  PaymentMethodId,
  SaleItemKind,
  VoucherKind,
  type Locale,
  type SaleItemKind as SaleItemKindT,
  type VoucherKind as VoucherKindT,
} from '@clubhouse/contract'
import type { Services } from '../../app.ts'
import type { AccountImport } from '../../features/account/account.service.ts'
import { hashPassword } from '../../features/customers/passwords.ts'
import type { Localised } from '../../lib/localised.ts'
import { demoProducts } from './demo-content.ts'

/**
 * The demo customers of Club Mistral Pádel & Fitness (decision 018): Laura, the customer a newcomer
 * logs in as, with a history on every account page; and Carlos, a second customer for tests, with a
 * little of everything so that reading his data with Laura's token has something to find.
 * Deterministic: fixed keys, amounts and instants (UTC). Passwords are hashed when seeded.
 */

export const DEMO_CUSTOMER = {
  email: 'demo@clubmistral.es',
  password: 'Mistral-Demo-2026',
} as const
export const SECOND_CUSTOMER = {
  email: 'carlos.test@clubmistral.es',
  password: 'Carlos-Test-2026',
} as const

export interface DemoCustomField {
  name: string
  label: Localised
  fieldType: CustomFieldType
  pickListValues: string
}

export const demoCustomFields: DemoCustomField[] = [
  {
    name: 'padel_level',
    label: { 'es-ES': 'Nivel de pádel', 'en-US': 'Padel level' },
    fieldType: CustomFieldType.PickList,
    pickListValues: 'Beginner,Intermediate,Advanced',
  },
  {
    name: 'left_handed',
    label: { 'es-ES': 'Zurdo/a', 'en-US': 'Left-handed' },
    fieldType: CustomFieldType.Bool,
    pickListValues: '',
  },
  {
    name: 'emergency_contact',
    label: { 'es-ES': 'Contacto de emergencia', 'en-US': 'Emergency contact' },
    fieldType: CustomFieldType.Text,
    pickListValues: '',
  },
]

export type DemoSaleLine =
  /** A shop article: name, image and price are the product's. */
  | { product: string; units: number }
  /** A service or a voucher campaign: no product to link to. */
  | {
      kind: SaleItemKindT
      name: Localised
      priceCents: number
      units: number
      /** Image file under uploads; empty shows the centre's logo. */
      image?: string
    }

export interface DemoSale {
  number: string
  title: Localised
  status: 'paid' | 'pending' | 'cancelled'
  online: boolean
  /** null: paid at the centre's desk. */
  paymentMethodId: number | null
  /** 'YYYY-MM-DD HH:MM', UTC. */
  at: string
  shippingCents?: number
  discountCents?: number
  lines: DemoSaleLine[]
}

export interface DemoVoucher {
  kind: VoucherKindT
  description: Localised
  active: boolean
  expires: string | null
  created: string
  /** Oldest first; amounts in the voucher's unit (cents, sessions, minutes). */
  movements: Array<{ at: string; amount: number; concept: Localised; sale?: string }>
}

export interface DemoCard {
  paymentMethodId: number
  providerToken: string
  last4: string
  brand: string
  expMonth: number
  expYear: number
  created: string
  deleted?: string
}

export interface DemoCommunication {
  channel: 'email' | 'sms'
  at: string
  subject?: string
  /** HTML for an email, text for an SMS. */
  body: string
}

export interface DemoCustomer {
  key: string
  email: string
  password: string
  name: string
  surname: string
  phone: string
  gender: 0 | 1
  birthDate: string
  addressLine1: string
  postalCode: string
  city: string
  town: string
  country: string
  accountHolderName: string
  iban: string
  dni: string
  okRss: boolean
  language: Locale
  created: string
  customValues: Record<string, string>
  sales: DemoSale[]
  vouchers: DemoVoucher[]
  cards: DemoCard[]
  communications: DemoCommunication[]
}

const both = (es: string, en: string): Localised => ({ 'es-ES': es, 'en-US': en })

const SHOP_ORDER = both('Pedido de la tienda', 'Shop order')
const COURT_BOOKING = both('Reserva de pista', 'Court booking')
const DESK_SALE = both('Venta en recepción', 'Sale at the desk')

/** An email body in the centre's style: a heading, paragraphs, and the centre's signature. */
function mail(heading: string, paragraphs: string[], signature: string): string {
  return [`<h2>${heading}</h2>`, ...paragraphs.map((p) => `<p>${p}</p>`), `<p>${signature}</p>`].join('\n')
}
const FIRMA = 'Un saludo,<br>El equipo de Club Mistral Pádel &amp; Fitness'
const SIGNATURE = 'Best wishes,<br>The Club Mistral Padel &amp; Fitness team'

const RECEIPT_W_2026_00102 = [
  '<h2>Gracias por tu pedido, Laura</h2>',
  '<p>Hemos recibido el pago de tu pedido <strong>W-2026-00102</strong> del 28/10/2026. Te lo enviamos a Calle de la Brisa 14, 3º B, 46011 Valencia.</p>',
  '<table>',
  '<thead><tr><th scope="col">Artículo</th><th scope="col">Uds.</th><th scope="col">Importe</th></tr></thead>',
  '<tbody>',
  '<tr><td>Bote de pelotas Xaloc Pro</td><td>3</td><td>17,85 €</td></tr>',
  '<tr><td>Overgrip Cierzo Dry, pack de 3</td><td>2</td><td>15,90 €</td></tr>',
  '<tr><td>Calcetines técnicos Garbí, pack de 3</td><td>1</td><td>14,95 €</td></tr>',
  '</tbody>',
  '<tfoot>',
  '<tr><td colspan="2">Subtotal</td><td>48,70 €</td></tr>',
  '<tr><td colspan="2">Envío</td><td>4,95 €</td></tr>',
  '<tr><td colspan="2"><strong>Total</strong></td><td><strong>53,65 €</strong></td></tr>',
  '</tfoot>',
  '</table>',
  '<p>Pagado con tarjeta (Redsys). Puedes ver el pedido cuando quieras en <a href="/customer-orders">Tus pedidos</a>.</p>',
  `<p>${FIRMA}</p>`,
].join('\n')

export const demoCustomers: DemoCustomer[] = [
  {
    key: 'laura',
    ...DEMO_CUSTOMER,
    name: 'Laura',
    surname: 'Martín García',
    phone: '+34 612 480 215',
    gender: 1,
    birthDate: '1988-04-12',
    addressLine1: 'Calle de la Brisa 14, 3º B',
    postalCode: '46011',
    city: 'Valencia',
    town: 'Valencia',
    country: 'España',
    accountHolderName: 'Laura Martín García',
    iban: 'ES9121000418450200051332',
    dni: '12345678Z',
    okRss: true,
    language: 'es-ES',
    created: '2026-05-20 09:55',
    customValues: {
      padel_level: 'Intermediate',
      left_handed: 'false',
      emergency_contact: 'Javier Martín — +34 630 112 447',
    },
    sales: [
      {
        number: 'W-2026-00031',
        title: SHOP_ORDER,
        status: 'paid',
        online: true,
        paymentMethodId: PaymentMethodId.CardAuthorize,
        at: '2026-06-05 17:45',
        shippingCents: 395,
        lines: [
          { product: 'bottle-mistral-steel', units: 1 },
          { product: 'cap-garbi-sun', units: 1 },
        ],
      },
      {
        number: 'W-2026-00044',
        title: COURT_BOOKING,
        status: 'paid',
        online: true,
        paymentMethodId: PaymentMethodId.MoneyVoucher,
        at: '2026-07-18 17:00',
        lines: [
          {
            kind: SaleItemKind.Service,
            name: both(
              'Pádel 60 min — Pista 1 (19/07/2026 10:00)',
              'Padel 60 min — Court 1 (19/07/2026 10:00)',
            ),
            priceCents: 1800,
            units: 1,
          },
        ],
      },
      {
        number: 'W-2026-00061',
        title: SHOP_ORDER,
        status: 'paid',
        online: true,
        paymentMethodId: PaymentMethodId.CardTokenizer,
        at: '2026-08-30 12:15',
        // The VERANO10 promo: 10 % off.
        discountCents: 1798,
        lines: [
          { product: 'racket-levante-lite', units: 1 },
          { product: 'shirt-garbi-tech-women', units: 2 },
        ],
      },
      {
        number: 'W-2026-00076',
        title: both('Bono de clases', 'Class pack'),
        status: 'paid',
        online: true,
        paymentMethodId: PaymentMethodId.Wallet,
        at: '2026-09-22 09:30',
        lines: [
          {
            kind: SaleItemKind.VoucherCampaign,
            name: both('Bono 10 clases colectivas de pádel', 'Group Padel Classes, 10-Class Pass'),
            priceCents: 15000,
            units: 1,
            image: 'demo/products/pass-group-classes-10.svg',
          },
        ],
      },
      {
        number: 'R-2026-00087',
        title: DESK_SALE,
        status: 'paid',
        online: false,
        paymentMethodId: null,
        at: '2026-10-10 19:40',
        lines: [
          { product: 'towel-mistral-micro', units: 1 },
          { product: 'isotonic-lemon-pack-6', units: 2 },
        ],
      },
      {
        number: 'W-2026-00102',
        title: SHOP_ORDER,
        status: 'paid',
        online: true,
        paymentMethodId: PaymentMethodId.BankCardRedirect,
        at: '2026-10-28 10:05',
        shippingCents: 495,
        lines: [
          { product: 'balls-xaloc-pro-tube', units: 3 },
          { product: 'overgrip-cierzo-dry-pack-3', units: 2 },
          { product: 'socks-garbi-pack-3', units: 1 },
        ],
      },
      {
        number: 'W-2026-00109',
        title: SHOP_ORDER,
        status: 'cancelled',
        online: true,
        paymentMethodId: null,
        at: '2026-11-01 21:10',
        lines: [{ product: 'bag-cierzo-compact', units: 1 }],
      },
      {
        number: 'W-2026-00118',
        title: COURT_BOOKING,
        status: 'paid',
        online: true,
        paymentMethodId: PaymentMethodId.CardPaymentIntent,
        at: '2026-11-14 18:20',
        lines: [
          {
            kind: SaleItemKind.Service,
            name: both(
              'Pádel 90 min — Pista 2 (15/11/2026 19:30)',
              'Padel 90 min — Court 2 (15/11/2026 19:30)',
            ),
            priceCents: 2700,
            units: 1,
          },
        ],
      },
      {
        number: 'W-2026-00125',
        title: COURT_BOOKING,
        status: 'pending',
        online: true,
        paymentMethodId: null,
        at: '2026-11-20 08:00',
        lines: [
          {
            kind: SaleItemKind.Service,
            name: both(
              'Pádel 90 min — Pista 4 (28/11/2026 18:00)',
              'Padel 90 min — Court 4 (28/11/2026 18:00)',
            ),
            priceCents: 2700,
            units: 1,
          },
        ],
      },
    ],
    vouchers: [
      {
        kind: VoucherKind.Hours,
        description: both('Bono 10 horas de sala de fitness', 'Fitness room, 10-hour pass'),
        // Switched off by the centre when Laura moved to the monthly fitness fee.
        active: false,
        expires: null,
        created: '2026-02-01 10:00',
        movements: [
          { at: '2026-02-01 10:00', amount: 600, concept: both('Compra del bono', 'Pass bought') },
          { at: '2026-02-10 18:30', amount: -90, concept: both('Sala de fitness', 'Fitness room') },
          { at: '2026-02-24 19:00', amount: -60, concept: both('Sala de fitness', 'Fitness room') },
        ],
      },
      {
        kind: VoucherKind.Sessions,
        description: both('Bono 5 reservas de pista', 'Court pack, 5 bookings'),
        active: true,
        expires: '2026-09-30 21:59',
        created: '2026-03-30 11:00',
        movements: [
          { at: '2026-03-30 11:00', amount: 5, concept: both('Compra del bono', 'Pack bought') },
          {
            at: '2026-04-12 09:00',
            amount: -1,
            concept: both('Pádel 60 min — Pista 3', 'Padel 60 min — Court 3'),
          },
          {
            at: '2026-05-03 09:00',
            amount: -1,
            concept: both('Pádel 60 min — Pista 1', 'Padel 60 min — Court 1'),
          },
          {
            at: '2026-06-21 18:00',
            amount: -1,
            concept: both('Pádel 90 min — Pista 2', 'Padel 90 min — Court 2'),
          },
        ],
      },
      {
        kind: VoucherKind.Money,
        description: both('Monedero Club Mistral', 'Club Mistral wallet'),
        active: true,
        expires: null,
        created: '2026-05-20 10:00',
        movements: [
          {
            at: '2026-06-01 18:00',
            amount: 10000,
            concept: both('Recarga en recepción', 'Top-up at the desk'),
          },
          {
            at: '2026-07-18 17:00',
            amount: -1800,
            concept: both('Pádel 60 min — Pista 1', 'Padel 60 min — Court 1'),
            sale: 'W-2026-00044',
          },
          { at: '2026-08-08 10:15', amount: -900, concept: both('Alquiler de pala', 'Racket hire') },
          { at: '2026-09-01 12:00', amount: 5000, concept: both('Recarga online', 'Online top-up') },
          {
            at: '2026-10-03 19:30',
            amount: -1350,
            concept: both('Pádel 90 min — Pista 3 (tu parte)', 'Padel 90 min — Court 3 (your share)'),
          },
          { at: '2026-11-07 10:05', amount: -450, concept: both('Alquiler de pelotas', 'Ball hire') },
        ],
      },
      {
        kind: VoucherKind.Sessions,
        description: both('Bono 10 clases colectivas de pádel', 'Group padel classes, 10-class pass'),
        active: true,
        // Valid for two years from purchase.
        expires: '2028-09-22 21:59',
        created: '2026-09-22 09:30',
        movements: [
          {
            at: '2026-09-22 09:30',
            amount: 10,
            concept: both('Compra del bono (pedido W-2026-00076)', 'Pass bought (order W-2026-00076)'),
            sale: 'W-2026-00076',
          },
          ...['2026-09-29', '2026-10-06', '2026-10-13', '2026-10-20', '2026-11-03', '2026-11-10'].map(
            (day) => ({
              at: `${day} 17:00`,
              amount: -1,
              concept: both('Clase colectiva de pádel, nivel intermedio', 'Group padel class, intermediate'),
            }),
          ),
        ],
      },
    ],
    cards: [
      {
        paymentMethodId: PaymentMethodId.BankCardRedirect,
        providerToken: 'rsy_4f0c9b2e7a1d53c8',
        last4: '1111',
        brand: 'Visa',
        expMonth: 11,
        expYear: 2025,
        created: '2025-11-15 10:00',
        deleted: '2026-06-05 17:40',
      },
      {
        paymentMethodId: PaymentMethodId.CardPaymentIntent,
        providerToken: 'pm_1QxT7d2eZvKYlo2CkR4s9LmA',
        last4: '4242',
        brand: 'Visa',
        expMonth: 8,
        expYear: 2028,
        created: '2026-06-05 17:44',
      },
      {
        paymentMethodId: PaymentMethodId.CardTokenizer,
        providerToken: 'tok_np_8hWqE2r7KsVbX3dT',
        last4: '4444',
        brand: 'Mastercard',
        expMonth: 3,
        expYear: 2027,
        created: '2026-08-30 12:14',
      },
    ],
    communications: [
      {
        channel: 'email',
        at: '2026-05-20 10:00',
        subject: '¡Bienvenida a Club Mistral Pádel & Fitness!',
        body: mail(
          '¡Hola, Laura!',
          [
            'Tu cuenta ya está activa. Desde ahora puedes reservar pista, apuntarte a clases y comprar en nuestra tienda online.',
            'En <a href="/account">Mi cuenta</a> puedes completar tus datos, tu dirección y tus datos bancarios.',
          ],
          FIRMA,
        ),
      },
      {
        channel: 'email',
        at: '2026-07-18 17:01',
        subject: 'Reserva confirmada: Pádel 60 min — Pista 1',
        body: mail(
          'Tu reserva está confirmada',
          [
            '<strong>Pádel 60 min — Pista 1</strong><br>Domingo 19/07/2026, de 10:00 a 11:00.',
            'Pagada con tu monedero: 18,00 €. Puedes cancelarla sin coste hasta 24 horas antes.',
          ],
          FIRMA,
        ),
      },
      {
        channel: 'email',
        at: '2026-09-22 09:31',
        subject: 'Tu bono de 10 clases colectivas ya está activo',
        body: mail(
          'Bono de 10 clases activado',
          [
            'Gracias por tu compra (pedido W-2026-00076). Tienes <strong>10 clases colectivas de pádel</strong> para usar hasta el 22/09/2028.',
            'Las clases de nivel intermedio son los martes a las 19:00. Reserva tu plaza desde la web o en recepción.',
          ],
          FIRMA,
        ),
      },
      {
        channel: 'email',
        at: '2026-10-28 10:06',
        subject: 'Recibo de tu pedido W-2026-00102',
        body: RECEIPT_W_2026_00102,
      },
      {
        channel: 'email',
        at: '2026-11-14 18:21',
        subject: 'Reserva confirmada: Pádel 90 min — Pista 2',
        body: mail(
          'Tu reserva está confirmada',
          [
            '<strong>Pádel 90 min — Pista 2</strong><br>Domingo 15/11/2026, de 19:30 a 21:00.',
            'Pagada con tarjeta: 27,00 €. Puedes cancelarla sin coste hasta 24 horas antes.',
          ],
          FIRMA,
        ),
      },
      {
        channel: 'sms',
        at: '2026-07-19 06:00',
        body: 'Club Mistral: te esperamos hoy a las 10:00 en la Pista 1. ¡Buen partido!',
      },
      {
        channel: 'sms',
        at: '2026-09-29 15:00',
        body: 'Club Mistral: recuerda tu clase colectiva de hoy a las 19:00. Te quedan 9 clases en tu bono.',
      },
      {
        channel: 'sms',
        at: '2026-11-15 16:30',
        body: 'Club Mistral: tu reserva de Pádel 90 min en la Pista 2 empieza hoy a las 19:30. ¡Nos vemos!',
      },
    ],
  },
  {
    key: 'carlos',
    ...SECOND_CUSTOMER,
    name: 'Carlos',
    surname: 'Ruiz',
    phone: '+34 699 130 552',
    gender: 0,
    birthDate: '1979-11-03',
    addressLine1: 'Avenida del Puerto 221, 5º',
    postalCode: '46023',
    city: 'Valencia',
    town: 'Valencia',
    country: 'Spain',
    accountHolderName: '',
    iban: '',
    dni: '',
    okRss: false,
    language: 'en-US',
    created: '2026-09-15 08:00',
    customValues: { padel_level: 'Advanced', left_handed: 'true' },
    sales: [
      {
        number: 'W-2026-00110',
        title: SHOP_ORDER,
        status: 'paid',
        online: true,
        paymentMethodId: PaymentMethodId.CardPaymentIntent,
        at: '2026-11-02 11:00',
        lines: [
          { product: 'balls-xaloc-pro-tube', units: 2 },
          { product: 'energy-bars-oat-date-12', units: 1 },
        ],
      },
    ],
    vouchers: [
      {
        kind: VoucherKind.Money,
        description: both('Monedero Club Mistral', 'Club Mistral wallet'),
        active: true,
        expires: null,
        created: '2026-10-01 09:00',
        movements: [
          { at: '2026-10-01 09:00', amount: 5000, concept: both('Recarga online', 'Online top-up') },
          {
            at: '2026-11-09 18:00',
            amount: -1800,
            concept: both('Pádel 60 min — Pista 4', 'Padel 60 min — Court 4'),
          },
        ],
      },
    ],
    cards: [
      {
        paymentMethodId: PaymentMethodId.CardPaymentIntent,
        providerToken: 'pm_1QyC4r2eZvKYlo2CpW7n3HsZ',
        last4: '1881',
        brand: 'Visa',
        expMonth: 12,
        expYear: 2028,
        created: '2026-11-02 10:58',
      },
    ],
    communications: [
      {
        channel: 'email',
        at: '2026-09-15 08:05',
        subject: 'Welcome to Club Mistral Padel & Fitness',
        body: mail(
          'Hello, Carlos!',
          [
            'Your account is active. You can now book courts, join classes and shop online.',
            'Complete your profile any time in <a href="/account">My account</a>.',
          ],
          SIGNATURE,
        ),
      },
      {
        channel: 'sms',
        at: '2026-11-09 16:00',
        body: 'Club Mistral: your Padel 60 min booking on Court 4 starts today at 19:00. See you there!',
      },
    ],
  },
]

/** 'YYYY-MM-DD HH:MM' (UTC) as a Date. */
export function utc(when: string): Date {
  return new Date(`${when.replace(' ', 'T')}:00.000Z`)
}

/**
 * Puts the demo customers with their history into the database through the account service.
 * `productIdByKey` maps the demo products' keys to their ids; a shop line takes the product's
 * name, image and price.
 */
export async function seedDemoCustomers(
  services: Pick<Services, 'account'>,
  productIdByKey: Map<string, number>,
): Promise<number[]> {
  await services.account.createCustomFields(demoCustomFields.map((f, position) => ({ ...f, position })))
  const productByKey = new Map(demoProducts.map((p) => [p.key, p]))
  // scrypt runs on the thread pool: hashing the passwords side by side halves the wait.
  const hashes = await Promise.all(demoCustomers.map((c) => hashPassword(c.password)))
  const accounts: AccountImport[] = []
  for (const [index, c] of demoCustomers.entries()) {
    accounts.push({
      customer: {
        email: c.email,
        passwordHash: hashes[index]!,
        name: c.name,
        surname: c.surname,
        phone: c.phone,
        gender: c.gender,
        birthDate: c.birthDate,
        addressLine1: c.addressLine1,
        postalCode: c.postalCode,
        city: c.city,
        town: c.town,
        country: c.country,
        accountHolderName: c.accountHolderName,
        iban: c.iban,
        dni: c.dni,
        acceptConditions: true,
        okRss: c.okRss,
        language: c.language,
        activatedAt: utc(c.created),
        createdAt: utc(c.created),
        updatedAt: utc(c.created),
      },
      customValues: c.customValues,
      sales: c.sales.map((s) => ({
        saleNumber: s.number,
        title: s.title,
        status: s.status,
        online: s.online,
        paymentMethodId: s.paymentMethodId,
        createdAt: utc(s.at),
        shippingCents: s.shippingCents ?? 0,
        discountCents: s.discountCents ?? 0,
        items: s.lines.map((line) => {
          if ('kind' in line) {
            return {
              kind: line.kind,
              productId: null,
              name: line.name,
              image: line.image ?? '',
              unitPriceCents: line.priceCents,
              units: line.units,
            }
          }
          const product = productByKey.get(line.product)
          const productId = productIdByKey.get(line.product)
          if (!product || productId === undefined) throw new Error(`Unknown demo product ${line.product}`)
          return {
            kind: SaleItemKind.Article,
            productId,
            name: product.name,
            image: product.image.file,
            unitPriceCents: product.grossPriceCents,
            units: line.units,
            taxPercent: product.taxPercent,
          }
        }),
      })),
      vouchers: c.vouchers.map((v) => ({
        kind: v.kind,
        description: v.description,
        active: v.active,
        expiresAt: v.expires === null ? null : utc(v.expires),
        createdAt: utc(v.created),
        movements: v.movements.map((m) => ({
          amount: m.amount,
          concept: m.concept,
          createdAt: utc(m.at),
          ...(m.sale ? { saleNumber: m.sale } : {}),
        })),
      })),
      cards: c.cards.map((card) => ({
        paymentMethodId: card.paymentMethodId,
        providerToken: card.providerToken,
        last4: card.last4,
        brand: card.brand,
        expMonth: card.expMonth,
        expYear: card.expYear,
        createdAt: utc(card.created),
        deletedAt: card.deleted ? utc(card.deleted) : null,
      })),
      communications: c.communications.map((m) => ({
        channel: m.channel,
        subject: m.subject ?? '',
        body: m.body,
        createdAt: utc(m.at),
      })),
    })
  }
  return services.account.importAccounts(accounts)
}
