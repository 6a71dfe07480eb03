import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';
import { callerOf } from '../plugins/identity';
import { csvLine, DELIVERY_CELLS, deliveryCell, dollarsCell, INVENTORY_COLUMNS } from '../inventory/csv';
import { inventoryRepository, type InventoryDefaults, type InventoryListingRow } from '../repositories/inventory';
import { categorySlug, text } from '../schemas';

const nullable = <T extends object>(schema: T) => ({ anyOf: [schema, { type: 'null' }] }) as const;
const defaultsProperties = {
  phone: nullable(text(40, 1)),
  location: nullable(text(200, 1)),
  delivery: nullable({ type: 'string', enum: DELIVERY_CELLS }),
  category: nullable(categorySlug),
} as const;
const defaultsBody = {
  type: 'object',
  required: ['phone', 'location', 'delivery', 'category'],
  additionalProperties: false,
  properties: defaultsProperties,
} as const;
const defaultsAnswer = {
  type: 'object',
  required: ['phone', 'location', 'delivery', 'category'],
  properties: {
    phone: { type: ['string', 'null'] },
    location: { type: ['string', 'null'] },
    delivery: { type: ['string', 'null'] },
    category: { type: ['string', 'null'] },
  },
} as const;

/** A copy as a line of the inventory file, in INVENTORY_COLUMNS' order. */
function lineOf(row: InventoryListingRow): string {
  return csvLine([
    row.sku,
    row.isbn ?? '',
    row.name,
    row.author,
    row.category,
    row.condition,
    dollarsCell(row.resale_price_cents),
    dollarsCell(row.orginal_price_cents),
    row.location,
    deliveryCell(row.offers_meetup, row.offers_shipping),
    row.offers_shipping ? dollarsCell(row.shipping_price_cents) : '',
    row.description,
    '',
  ]);
}

/** A seller's inventory as a file, and the defaults for what a file's row leaves out (server/src/inventory/README.md). */
export default async function inventoryRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireSeller);
  const inventory = inventoryRepository(app.db);

  app.get('/inventory.csv', async (request, reply) => {
    const sellerId = callerOf(request).id;
    // Written as it is read, a page of copies at a time: a dealer's shop may hold thousands.
    async function* file() {
      // The byte order mark tells a spreadsheet the file is UTF-8.
      yield `\uFEFF${csvLine(INVENTORY_COLUMNS)}`;
      for await (const rows of inventory.listingsOf(sellerId)) yield rows.map(lineOf).join('');
    }
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="inventory.csv"')
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(file()));
  });

  app.get('/inventory/defaults', { schema: { response: { 200: defaultsAnswer } } }, async (request) =>
    inventory.defaultsOf(callerOf(request).id),
  );

  app.put<{ Body: InventoryDefaults }>(
    '/inventory/defaults',
    { schema: { body: defaultsBody, response: { 200: defaultsAnswer } } },
    async (request) => {
      const defaults: InventoryDefaults = {
        phone: request.body.phone?.trim() || null,
        location: request.body.location?.trim() || null,
        delivery: request.body.delivery,
        category: request.body.category,
      };
      const saved = await inventory.saveDefaults(callerOf(request).id, defaults, app.orders.clock.now());
      if (!saved) throw badRequest(`There is no category "${defaults.category}"`);
      return saved;
    },
  );
}
