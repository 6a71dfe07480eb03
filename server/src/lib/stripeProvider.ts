import Stripe from 'stripe';
import type { StripeConfig } from '../config';
import { stripeConnect } from './connectProvider';
import type { PaymentProvider } from './paymentProvider';

/*
 * Stripe's SDK, kept apart from the payment types and helpers the rest of the API imports: it
 * loads only when the API builds a client (app.ts), not in a process given another provider.
 */

/** A Stripe client; host, port and protocol point it at a local stand-in when configured. */
export function stripePaymentProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    host: config.host,
    port: config.port,
    protocol: config.protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    paymentIntents: {
      create: (params, options) => stripe.paymentIntents.create(params, options),
      retrieve: (id) => stripe.paymentIntents.retrieve(id),
    },
    refunds: {
      create: (params, options) => stripe.refunds.create(params, options),
    },
    connect: stripeConnect(stripe),
  };
}
