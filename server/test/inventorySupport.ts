import type { FastifyInstance } from 'fastify';
import type { Actor } from './helper';

const BOUNDARY = '----inventory-test-boundary';

/** A multipart body with an inventory file (`file`) and any other fields, as a browser sends it. */
export function inventoryForm(file: Buffer | string, fields: Record<string, string> = {}, fileName = 'inventory.csv'): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`));
  parts.push(Buffer.isBuffer(file) ? file : Buffer.from(file));
  parts.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** `POST /inventory/imports` with the file, as `actor`. */
export const uploadInventory = (app: FastifyInstance, actor: Actor, file: Buffer | string, fields: Record<string, string> = {}) =>
  app.inject({
    method: 'POST', url: '/inventory/imports', payload: inventoryForm(file, fields),
    headers: { ...actor.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
