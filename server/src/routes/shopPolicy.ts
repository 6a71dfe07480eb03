import type { FastifyInstance } from 'fastify';
import { policyOnWire } from '../bundles/wire';
import type { ShopPolicy } from '../bundles/pricing';
import { badRequest, notFound } from '../lib/errors';
import { parseMoney, type MoneyField } from '../lib/money';
import { callerOf } from '../plugins/identity';
import { shopPoliciesRepository } from '../repositories/shopPolicies';
import { usersRepository } from '../repositories/users';
import { id } from '../schemas';

/** The most discount tiers a policy holds. */
export const MAX_DISCOUNTS = 5;
const ADDITIONAL_SHIPPING: MoneyField = { field: 'body/additionalShipping', minCents: 0, maxCents: 100_000 };

interface PolicyBody {
  additionalShipping: string | null;
  discounts: { minBooks: number; percent: number }[];
}

const policyBody = {
  type: 'object',
  required: ['additionalShipping', 'discounts'],
  additionalProperties: false,
  properties: {
    // Null: each book after the first ships at its own price.
    additionalShipping: { type: ['string', 'null'] },
    discounts: {
      type: 'array',
      maxItems: MAX_DISCOUNTS,
      items: {
        type: 'object',
        required: ['minBooks', 'percent'],
        additionalProperties: false,
        properties: { minBooks: { type: 'integer', minimum: 2, maximum: 100 }, percent: { type: 'integer', minimum: 1, maximum: 90 } },
      },
    },
  },
} as const;

const policyAnswer = {
  type: 'object',
  required: ['additionalShipping', 'discounts'],
  properties: {
    additionalShipping: { type: ['number', 'null'] },
    discounts: {
      type: 'array',
      items: { type: 'object', required: ['minBooks', 'percent'], properties: { minBooks: { type: 'integer' }, percent: { type: 'integer' } } },
    },
  },
} as const;

/** Reads a policy from its body: whole cents, tiers by their number of books, none twice. */
function policyOf(body: PolicyBody): ShopPolicy {
  const discounts = [...body.discounts].sort((a, b) => a.minBooks - b.minBooks);
  const repeated = discounts.find((tier, index) => index > 0 && discounts[index - 1].minBooks === tier.minBooks);
  if (repeated) throw badRequest(`Two discounts start at ${repeated.minBooks} books: keep one`);
  return {
    additionalShippingCents: body.additionalShipping === null ? null : parseMoney(body.additionalShipping, ADDITIONAL_SHIPPING),
    discounts: discounts.map(({ minBooks, percent }) => ({ minBooks, percent })),
  };
}

/** A seller's terms for several books in one order (server/src/bundles/README.md): anyone reads them, the seller sets them. */
export default async function shopPolicyRoutes(app: FastifyInstance) {
  const policies = shopPoliciesRepository(app.db);

  app.get<{ Params: { sellerId: string } }>(
    '/shop-policy/:sellerId',
    {
      schema: {
        params: { type: 'object', required: ['sellerId'], additionalProperties: false, properties: { sellerId: id } },
        response: { 200: policyAnswer },
      },
    },
    async (request) => {
      const seller = await usersRepository(app.db).findById(request.params.sellerId);
      if (!seller) throw notFound('No such seller');
      return policyOnWire(await policies.of(seller.id));
    },
  );

  app.put<{ Body: PolicyBody }>(
    '/shop-policy',
    { onRequest: [app.authenticate, app.requireSeller], schema: { body: policyBody, response: { 200: policyAnswer } } },
    async (request) => {
      const policy = policyOf(request.body);
      await policies.save(callerOf(request).id, policy, app.orders.clock.now());
      return policyOnWire(policy);
    },
  );
}
