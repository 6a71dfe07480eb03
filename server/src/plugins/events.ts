import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors';
import { notificationOnWire, notificationsRepository, type NotificationRow } from '../repositories/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventStreams;
  }
}

export interface EventStreams {
  /** Turns the request into the caller's event stream (`GET /events`); resolves once it is open. */
  open(request: FastifyRequest, reply: FastifyReply, userId: string, lastEventId: string | undefined): Promise<void>;
  /** How many streams this process holds open. */
  readonly size: number;
  /** Ends every open stream (their clients reconnect). */
  endAll(): void;
}

/** Ids a stream remembers having sent, so an event heard twice (a replay racing the live one) goes once. */
const REMEMBERED_IDS = 1_000;
/** A stream ends after this long; the client reconnects with its token and `Last-Event-ID`, missing nothing. */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** The most streams one user may hold open on one process (tabs, devices); more are refused with 429. */
export const STREAMS_PER_USER = 50;

interface Stream {
  raw: ServerResponse;
  sent: Set<string>;
  /** Rows heard while the stream catches up, sent after what it missed. */
  held: NotificationRow[] | null;
  end(): void;
}

function frame(row: NotificationRow): string {
  const wire = notificationOnWire(row);
  return `id: ${wire._id}\nevent: notification\ndata: ${JSON.stringify(wire)}\n\n`;
}

/**
 * Server-sent events: each new notification goes to its user's open streams in every API
 * process. The database announces every inserted notification row with the row itself
 * (`migrations/012_orders.sql`; PostgreSQL's LISTEN/NOTIFY across processes), so sending it reads
 * nothing. A reconnect with `Last-Event-ID` is sent what it missed first, from the table.
 */
export default fp(
  async (app) => {
    const byUser = new Map<string, Set<Stream>>();
    let size = 0;
    const pingMs = Math.max(1_000, Math.min(20_000, Math.floor(app.config.timeouts.idleSocketMs / 2)));

    const send = (stream: Stream, row: NotificationRow) => {
      if (stream.held) {
        stream.held.push(row);
        return;
      }
      const id = String(row.id);
      if (stream.sent.has(id)) return;
      stream.sent.add(id);
      if (stream.sent.size > REMEMBERED_IDS) stream.sent.delete(stream.sent.values().next().value as string);
      stream.raw.write(frame(row));
    };

    const endAll = () => {
      for (const streams of byUser.values()) for (const stream of streams) stream.end();
    };

    const stopWatching = await app.db.watchNotifications({
      notified(json) {
        let row: NotificationRow;
        try {
          row = JSON.parse(json) as NotificationRow;
        } catch {
          return;
        }
        const streams = byUser.get(row.user_id);
        if (streams) for (const stream of streams) send(stream, row);
      },
      interrupted() {
        app.log.warn('notification announcements interrupted: open streams catch up when they reconnect');
      },
      // What was announced meanwhile was not heard: streams end, and reconnect with Last-Event-ID.
      resumed: endAll,
    });

    async function open(request: FastifyRequest, reply: FastifyReply, userId: string, lastEventId: string | undefined) {
      const raw = reply.raw;
      if ((byUser.get(userId)?.size ?? 0) >= STREAMS_PER_USER) {
        throw new HttpError(429, 'Too many open event streams for this account: close some tabs');
      }
      // The client went before the stream opened: nothing to hold open.
      if (raw.destroyed) return;
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-site',
      });
      raw.write('retry: 3000\n\n');
      let ended = false;
      const streams = byUser.get(userId) ?? new Set<Stream>();
      byUser.set(userId, streams);
      const ping = setInterval(() => raw.write(': ping\n\n'), pingMs);
      const lifetime = setTimeout(() => stream.end(), STREAM_LIFETIME_MS);
      const stream: Stream = {
        raw,
        sent: new Set(),
        held: lastEventId === undefined ? null : [],
        end() {
          if (ended) return;
          ended = true;
          clearInterval(ping);
          clearTimeout(lifetime);
          streams.delete(stream);
          if (streams.size === 0 && byUser.get(userId) === streams) byUser.delete(userId);
          size -= 1;
          raw.end();
        },
      };
      streams.add(stream);
      size += 1;
      raw.on('close', () => stream.end());
      request.log.info({ user: userId, streams: size }, 'event stream opened');
      if (lastEventId !== undefined) {
        // Registered first, so nothing committed meanwhile slips between the catch-up and the live events.
        try {
          const missed = await notificationsRepository(app.db).after(userId, lastEventId);
          const heard = stream.held ?? [];
          stream.held = null;
          // What it missed first, then what was heard meanwhile (a row in both goes once).
          if (!ended) for (const row of [...missed, ...heard]) send(stream, row);
        } catch (error) {
          // The client reconnects and asks again.
          request.log.error({ err: error }, 'catching an event stream up failed');
          stream.end();
        }
      }
    }

    app.decorate('events', {
      open,
      endAll,
      get size() {
        return size;
      },
    });
    app.addHook('preClose', async () => {
      stopWatching();
      endAll();
    });
  },
  { name: 'events', dependencies: ['database', 'config'] },
);
