// The one interface every payment provider's adapter speaks (ARCHITECTURE §6, decision 067). An
// adapter knows its provider's protocol and nothing of our orders' tables: the payments service
// gives it an attempt to start, asks it to read an attempt back, to check a notification, to
// capture, refund or forget a saved card, and decides itself what the answers mean for the order.
// Adapters never run inside a unit of work: they are called before an order's unit or after it.

/** Where an attempt stands at the provider, in our words. */
export type ProviderStatus =
  /** Started, not finished: the customer is still paying, 3-D Secure is open, the charge is processing. */
  | 'pending'
  /** The money is taken or authorised for us (an authorisation we may capture counts). */
  | 'confirmed'
  /** Declined, rejected, or failed for good. */
  | 'failed'
  /** Cancelled by the customer or voided. */
  | 'cancelled'

/** A card kept by the provider for later payments: its token and what may be shown of it. */
export interface SavedCard {
  /** The provider's token (Redsys Ds_Merchant_Identifier, a vault id): never the card. */
  token: string
  /** The last four digits, for the customer to recognise it. */
  lastDigits: string
  /** `Visa`, `Mastercard`… when the provider says. */
  brand?: string
  /** `MM/YY`, when the provider says. */
  expiry?: string
}

/** What the provider says of one attempt, read from the provider (or from its signed message). */
export interface ProviderReading {
  /** The provider's reference of the attempt (unique per provider). */
  providerRef: string
  status: ProviderStatus
  /** The amount the provider took or authorised, in minor units (cents). */
  amountCents: number
  /** ISO 4217 alphabetic code, upper case (`EUR`). */
  currency: string
  /** The merchant (Redsys FUC, PayPal payee…) the money went to, when the provider says. */
  merchant?: string
  /** An authorisation that still has to be captured. */
  needsCapture?: boolean
  /** A card the provider kept at our request. */
  savedCard?: SavedCard
  /** The provider's own code or status word, for the audit and the log (`0000`, `succeeded`). */
  providerStatus: string
  /** The provider's answer for the audit, without secrets or card data. */
  raw: unknown
}

/** One attempt to pay one order with one provider, as the payments service asks an adapter to start it. */
export interface StartRequest {
  /** Our payment row's id. */
  paymentId: number
  /**
   * Our reference of this attempt, unique per attempt and per provider (Redsys DS_MERCHANT_ORDER:
   * 12 characters, the first 4 digits). Sent to the provider where it takes one.
   */
  reference: string
  /** The order's number as the customer knows it (`W-2026-01008`). */
  saleNumber: string
  amountCents: number
  /** ISO 4217 alphabetic code, upper case. */
  currency: string
  /** A short description for the provider's page and statement. */
  description: string
  /** The customer's language, for the provider's page (`es-ES`, `en-US`). */
  locale: string
  customer: {
    id: number
    email: string
    name: string
    surname: string
    phone: string
    addressLine1: string
    postalCode: string
    city: string
    town: string
    country: string
  }
  /** Absolute URLs: where the browser comes back, where the provider notifies the server. */
  urls: {
    /** Success return page (`/cz/ok`, or a provider's own return route). */
    ok: string
    /** Failure return page (`/cz/ko`). */
    ko: string
    /** The server's notification or webhook route for this provider. */
    notify: string
    /** A provider-specific return route (`/stripe-callback`, `/netpay-callback/{id}`), when it has one. */
    callback?: string
  }
  /** Sent as the provider's idempotency key on every POST of this attempt. */
  idempotencyKey: string
  /** Keep the card with the provider for later payments (methods that allow tokenisation). */
  saveCard?: boolean
  /** Pay with a card the provider kept earlier. */
  savedCardToken?: string
  /** A one-time token the browser got from the provider's tokeniser for the card just entered. */
  cardToken?: string
}

/** What the browser needs to go on paying, and what the provider already said, after a start. */
export interface StartResult {
  /** The provider's reference of the attempt. */
  providerRef: string
  /** Redsys: the hidden form the browser posts to the provider. */
  form?: { url: string; fields: Record<string, string> }
  /** Stripe: the PaymentIntent's client secret (never stored, never logged) and the publishable key. */
  clientSecret?: string
  publicKey?: string
  /** PayPal: the provider's order id the JS SDK approves. */
  orderId?: string
  /** NetPay 3-D Secure and other redirects: where the browser goes next. */
  redirectUrl?: string
  /** When the provider answered the start with a final word (a saved-card charge, NetPay's charge). */
  reading?: ProviderReading
}

/** A notification, webhook or callback as the server received it. */
export interface IncomingNotification {
  /** Lower-case header names. */
  headers: Record<string, string | string[] | undefined>
  /** The body exactly as received (signatures are over these bytes). */
  rawBody: Buffer
  /** Form or JSON fields and path parameters, already parsed, for providers that sign fields. */
  fields: Record<string, string>
}

/** A notification whose signature held: which attempt it speaks of, and what it says. */
export interface VerifiedNotification {
  /** The provider's reference, or our own reference where the provider names the attempt by it. */
  providerRef: string
  /** Our reference of the attempt, when the provider echoes it (Redsys Ds_Order). */
  reference?: string
  /** The event's own id at the provider, to drop a replay (Stripe `evt_…`), when it has one. */
  eventId?: string
  /**
   * What the notification says. A provider whose signed message carries the outcome (Redsys) gives
   * it here; others leave it out and the service reads the attempt from the provider.
   */
  reading?: ProviderReading
}

/** A refund's outcome at the provider. */
export interface RefundResult {
  refundRef: string
  status: 'confirmed' | 'pending' | 'failed'
  amountCents: number
  raw: unknown
}

/** A provider's refusal we can tell the customer, or a failure to reach it. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /**
     * `declined`: the provider said no (show its message); `unreachable`: no answer or a 5xx (the
     * outcome is unknown: read the attempt again later); `refused`: our request was wrong (a bug or
     * a misconfiguration: log it); `tampered`: a signature or a field did not hold.
     */
    readonly kind: 'declined' | 'unreachable' | 'refused' | 'tampered',
    readonly providerCode?: string,
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}

/** A payment provider's adapter: one per payment method id of the spec that a provider serves. */
export interface PaymentProvider {
  /** The spec's payment method id (1 Redsys, 9 PayPal, 10 NetPay, 14 Stripe, 15 card on file). */
  readonly methodId: number
  /** Short name for logs and routes: `redsys`, `paypal`, `netpay`, `stripe`, `card`. */
  readonly name: string
  /** Starts an attempt at the provider (no unit of work is open). */
  start(request: StartRequest): Promise<StartResult>
  /** Reads an attempt from the provider: the only word settle believes. */
  read(providerRef: string, reference?: string): Promise<ProviderReading>
  /** Checks a notification's signature and says which attempt it is about; throws `tampered`. */
  verifyNotification?(incoming: IncomingNotification): Promise<VerifiedNotification>
  /** Captures an authorisation (all of it, or `amountCents`). */
  capture?(reading: ProviderReading, amountCents: number, idempotencyKey: string): Promise<ProviderReading>
  /** Voids an authorisation that will not be captured. */
  void?(reading: ProviderReading, idempotencyKey: string): Promise<void>
  /** Gives back `amountCents` of a confirmed attempt. */
  refund(reading: ProviderReading, amountCents: number, idempotencyKey: string): Promise<RefundResult>
  /** Forgets a saved card at the provider, where the provider keeps a vault. */
  deleteSavedCard?(token: string): Promise<void>
}
