import fp from 'fastify-plugin';
import type { PaymentProvider } from '../lib/paymentProvider';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/** The payment provider client (Stripe, or a fake in tests). */
export default fp<{ provider: PaymentProvider }>(
  async (app, { provider }) => {
    app.decorate('payments', provider);
  },
  { name: 'payments' },
);
