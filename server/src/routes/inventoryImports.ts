import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../db/db';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { baseUrlOf } from '../lib/wire';
import { csvLine } from '../inventory/csv';
import { MAX_IMPORT_BYTES, readInventoryFile } from '../inventory/read';
import { callerOf } from '../plugins/identity';
import { inventoryImportsRepository, type ImportRow } from '../repositories/inventoryImports';
import { inventoryRepository } from '../repositories/inventory';

const int = { type: 'integer' } as const;
const importAnswer = {
  type: 'object',
  required: ['id', 'state', 'rows', 'counts', 'progress', 'createdAt'],
  properties: {
    id: { type: 'string' },
    state: { type: 'string' },
    replace: { type: 'boolean' },
    fileName: { type: 'string' },
    rows: int,
    counts: {
      type: 'object',
      properties: { new: int, updated: int, unchanged: int, withdrawn: int, invalid: int },
    },
    progress: { type: 'object', properties: { done: int, total: int } },
    createdAt: { type: 'string' },
    appliedAt: { type: 'string' },
    failure: { type: 'string' },
  },
} as const;

/** An import on the wire (docs/API.md); the same shape `event: import` carries. */
export function importOnWire(row: ImportRow) {
  return {
    id: row.id,
    state: row.state,
    replace: row.replace,
    fileName: row.file_name,
    rows: row.row_count,
    counts: { new: row.new_count, updated: row.updated_count, unchanged: row.unchanged_count, withdrawn: row.withdrawn_count, invalid: row.invalid_count },
    progress: { done: row.done, total: row.total },
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.applied_at ? { appliedAt: new Date(row.applied_at).toISOString() } : {}),
    ...(row.failure ? { failure: row.failure } : {}),
  };
}

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } } } as const;
const ERRORS_PAGE = 500;

const hasClientStatus = (error: unknown) =>
  typeof error === 'object' && error !== null && 'statusCode' in error &&
  typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;

/** The file and the `replace` field of the multipart body. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string; replace: boolean }> {
  let file: { bytes: Buffer; fileName: string } | undefined;
  let replace = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest('Send the inventory in the form field "file"');
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, 'A file is at most 50 MB: split it in several');
        file = { bytes, fileName: part.filename.slice(0, 200) };
      } else if (part.fieldname === 'replace') {
        replace = String(part.value) === 'true';
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (hasClientStatus(error)) {
      if ((error as { statusCode: number }).statusCode === 413) throw new HttpError(413, 'A file is at most 50 MB: split it in several');
      throw error;
    }
    throw badRequest('The upload is not a well-formed multipart/form-data body');
  }
  if (!file) throw badRequest('Send the inventory in the form field "file"');
  return { ...file, replace };
}

/**
 * Inventory files in (server/src/inventory/README.md): a seller's file is read and stored at
 * once, then checked and, when the seller says so, applied by the import jobs. Sellers only;
 * another seller's import is not found.
 */
/** A file this long is a large share of the rows table: its statistics are read again (repositories/inventoryImports.ts). */
const ANALYZE_FROM_ROWS = 5_000;

export default async function inventoryImportRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireSeller);
  const imports = inventoryImportsRepository(app.db);

  const ownImport = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const found = await imports.find(request.params.id, callerOf(request).id);
    if (!found) throw notFound('No such import');
    return found;
  };

  app.post(
    '/inventory/imports',
    { bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024, schema: { response: { 202: importAnswer } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the inventory file as multipart/form-data, in the field "file"');
      const seller = callerOf(request);
      const upload = await readUpload(request);
      const file = await readInventoryFile(upload.bytes);
      const defaults = await inventoryRepository(app.db).defaultsOf(seller.id);
      if (defaults.phone === null) throw badRequest('Set your phone in the defaults first: a file has no phone column');
      const now = app.orders.clock.now();
      try {
        const created = await app.db.transaction((tx) =>
          imports.create(tx, { id: newId(), sellerId: seller.id, replace: upload.replace, fileName: upload.fileName, baseUrl: baseUrlOf(request), rows: file.rows, now }),
        );
        if (file.rows.length >= ANALYZE_FROM_ROWS) {
          await imports.refreshStatistics().catch((error: unknown) => request.log.warn({ err: error }, 'inventory rows: statistics not refreshed'));
        }
        app.inventoryImports.kick();
        return reply.code(202).send(importOnWire(created));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('An import of yours is under way: wait for it to finish, or discard it');
        throw error;
      }
    },
  );

  app.get('/inventory/imports', async (request) => {
    const rows = await imports.listOf(callerOf(request).id, 50);
    return rows.map(importOnWire);
  });

  app.get<{ Params: { id: string } }>('/inventory/imports/:id', { schema: { params: idParams, response: { 200: importAnswer } } }, async (request) =>
    importOnWire(await ownImport(request)),
  );

  app.get<{ Params: { id: string }; Querystring: { format?: 'json' | 'csv'; offset?: number; limit?: number } }>(
    '/inventory/imports/:id/errors',
    {
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { format: { type: 'string', enum: ['json', 'csv'] }, offset: { type: 'integer', minimum: 0 }, limit: { type: 'integer', minimum: 1, maximum: ERRORS_PAGE } },
        },
      },
    },
    async (request, reply) => {
      const found = await ownImport(request);
      if (request.query.format === 'csv') {
        async function* file() {
          yield `\uFEFF${csvLine(['row', 'column', 'message'])}`;
          for (let offset = 0; ; offset += ERRORS_PAGE) {
            const page = await imports.errorsOf(found.id, ERRORS_PAGE, offset);
            if (page.length > 0) yield page.map((error) => csvLine([String(error.line), error.column_name, error.message])).join('');
            if (page.length < ERRORS_PAGE) return;
          }
        }
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="import-${found.id}-errors.csv"`)
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(file()));
      }
      const { offset = 0, limit = 100 } = request.query;
      const [page, total] = await Promise.all([imports.errorsOf(found.id, limit, offset), imports.errorCount(found.id)]);
      reply.header('x-total-count', String(total));
      return page.map((error) => ({ row: error.line, column: error.column_name, message: error.message }));
    },
  );

  app.post<{ Params: { id: string } }>('/inventory/imports/:id/apply', { schema: { params: idParams, response: { 202: importAnswer } } }, async (request, reply) => {
    const found = await ownImport(request);
    if (found.state === 'applying' || found.state === 'applied') return reply.code(202).send(importOnWire(found));
    if (found.state !== 'checked') throw conflict(`This import is ${found.state}: only a checked import can be applied`);
    try {
      const started = await imports.startApplying(found.id, found.seller_id, app.orders.clock.now());
      if (!started) throw conflict('This import changed meanwhile: look at it again');
      app.inventoryImports.kick();
      return reply.code(202).send(importOnWire(started));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Another import of yours is under way: wait for it to finish');
      throw error;
    }
  });

  app.delete<{ Params: { id: string } }>('/inventory/imports/:id', { schema: { params: idParams, response: { 200: importAnswer } } }, async (request) => {
    const found = await ownImport(request);
    if (found.state === 'discarded') return importOnWire(found);
    const discarded = await imports.discard(found.id, found.seller_id, app.orders.clock.now());
    if (!discarded) throw conflict(`This import is ${found.state === 'applying' ? 'being applied' : found.state}: it can no longer be discarded`);
    return importOnWire(discarded);
  });
}
