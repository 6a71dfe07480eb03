import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors';
import { messageOnWire, type MessageOnWire } from '../messages/wire';
import { messagesRepository, type MessageRow } from '../repositories/messages';
import { notificationOnWire, notificationsRepository, REPLAY_MAX, type NotificationRow } from '../repositories/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventStreams;
  }
}

export interface EventStreams {
  /**
   * Turns the request into the caller's event stream (`GET /events`); resolves once it is open.
   * With `lastEventId`, it first sends what followed it, and what was written since `since` (the
   * client's clock) at or before it: a row can commit after a row with a later id.
   */
  open(request: FastifyRequest, reply: FastifyReply, userId: string, resume?: { lastEventId: string; since: Date }): Promise<void>;
  /** How many streams this process holds open. */
  readonly size: number;
  /** Ends every open stream (their clients reconnect). */
  endAll(): void;
}

/** Ids a stream remembers having sent, so an event heard twice (a replay racing the live one) goes once. */
const REMEMBERED_IDS = 1_000;
/**
 * How far back a reconnecting stream looks at or before its `Last-Event-ID`: ids come from a
 * sequence, so a row may commit after a row with a higher id that the client already had. What
 * it sends again the client knows by its id and drops.
 */
export const RESUME_LOOKBACK_MS = 30_000;
/** A stream ends after this long; the client reconnects with its token and `Last-Event-ID`, missing nothing. */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** The most streams one user may hold open on one process (tabs, devices); more are refused with 429. */
export const STREAMS_PER_USER = 50;

/** What a stream sends: a notification, or a message of one of the user's threads (one id space). */
type Item = { type: 'notification'; row: NotificationRow } | { type: 'message'; message: MessageOnWire };

/**
 * An inventory import's state and progress (migrations/021_inventory_imports.sql), as
 * `GET /inventory/imports/:id` answers it. It has no id: it is news of now, not replayed.
 */
interface AnnouncedImport {
  type: 'import';
  user_id: string;
  [field: string]: unknown;
}

const isAnnouncedImport = (value: object): value is AnnouncedImport => 'type' in value && value.type === 'import';

interface Stream {
  raw: ServerResponse;
  sent: Set<string>;
  /** Items heard while the stream catches up, sent after what it missed. */
  held: Item[] | null;
  end(): void;
}

const itemId = (item: Item) => (item.type === 'notification' ? String(item.row.id) : item.message._id);

function frame(item: Item): string {
  const wire = item.type === 'notification' ? notificationOnWire(item.row) : item.message;
  return `id: ${wire._id}\nevent: ${item.type}\ndata: ${JSON.stringify(wire)}\n\n`;
}

/** A message as the database announces it (migrations/018_messages_reviews_reports.sql). */
interface AnnouncedMessage extends Partial<MessageRow> {
  type: 'message';
  users: (string | null)[];
  id: string;
  thread_id: string;
  /** Too long to announce: read it from the table. */
  partial?: boolean;
}

const isAnnouncedMessage = (value: object): value is AnnouncedMessage => 'type' in value && value.type === 'message';

/**
 * Server-sent events: each new notification goes to its user's open streams in every API
 * process, and each new message to both sides' (`event: message`). The database announces every
 * inserted notification or message row with the row itself (`migrations/012_orders.sql`,
 * `018_messages_reviews_reports.sql`; PostgreSQL's LISTEN/NOTIFY across processes), so sending it
 * reads nothing. A reconnect with `Last-Event-ID` is sent what it missed first, from the tables.
 */
export default fp(
  async (app) => {
    const byUser = new Map<string, Set<Stream>>();
    let size = 0;
    const pingMs = Math.max(1_000, Math.min(20_000, Math.floor(app.config.timeouts.idleSocketMs / 2)));

    const send = (stream: Stream, item: Item) => {
      if (stream.held) {
        stream.held.push(item);
        return;
      }
      const id = itemId(item);
      if (stream.sent.has(id)) return;
      stream.sent.add(id);
      if (stream.sent.size > REMEMBERED_IDS) stream.sent.delete(stream.sent.values().next().value as string);
      stream.raw.write(frame(item));
    };

    const sendTo = (userId: string | null, item: Item) => {
      const streams = userId === null ? undefined : byUser.get(userId);
      if (streams) for (const stream of streams) send(stream, item);
    };

    const messageHeard = async (announced: AnnouncedMessage) => {
      if (!announced.users.some((userId) => userId !== null && byUser.has(userId))) return;
      const row = announced.partial ? await messagesRepository(app.db).message(announced.id) : (announced as MessageRow);
      if (!row) return;
      const item: Item = { type: 'message', message: messageOnWire({ ...row, id: String(row.id) }) };
      for (const userId of announced.users) sendTo(userId, item);
    };

    const endAll = () => {
      for (const streams of byUser.values()) for (const stream of streams) stream.end();
    };

    const stopWatching = await app.db.watchNotifications({
      notified(json) {
        let value: unknown;
        try {
          value = JSON.parse(json);
        } catch {
          return;
        }
        if (typeof value !== 'object' || value === null) return;
        if (isAnnouncedImport(value)) {
          const { type: _type, user_id: userId, failure, appliedAt, ...rest } = value;
          const wire = {
            ...rest,
            createdAt: new Date(rest.createdAt as string).toISOString(),
            ...(appliedAt ? { appliedAt: new Date(appliedAt as string).toISOString() } : {}),
            ...(failure ? { failure } : {}),
          };
          const streams = byUser.get(userId);
          if (streams) for (const stream of streams) if (!stream.held) stream.raw.write(`event: import\ndata: ${JSON.stringify(wire)}\n\n`);
          return;
        }
        if (isAnnouncedMessage(value)) {
          messageHeard(value).catch((error: unknown) => app.log.error({ err: error }, 'sending a message to its streams failed'));
          return;
        }
        const row = value as NotificationRow;
        sendTo(row.user_id, { type: 'notification', row });
      },
      interrupted() {
        app.log.warn('notification announcements interrupted: open streams catch up when they reconnect');
      },
      // What was announced meanwhile was not heard: streams end, and reconnect with Last-Event-ID.
      resumed: endAll,
    });

    async function open(request: FastifyRequest, reply: FastifyReply, userId: string, resume?: { lastEventId: string; since: Date }) {
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
        held: resume === undefined ? null : [],
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
      if (resume !== undefined) {
        // Registered first, so nothing committed meanwhile slips between the catch-up and the live events.
        try {
          const [notifications, messages] = await Promise.all([
            notificationsRepository(app.db).after(userId, resume.lastEventId, REPLAY_MAX, resume.since),
            messagesRepository(app.db).after(userId, resume.lastEventId, REPLAY_MAX, resume.since),
          ]);
          // Both in id order, at most REPLAY_MAX together (the rest the lists hold).
          const missed: Item[] = [
            ...notifications.map((row): Item => ({ type: 'notification', row })),
            ...messages.map((row): Item => ({ type: 'message', message: messageOnWire(row) })),
          ]
            .sort((a, b) => Number(BigInt(itemId(a)) - BigInt(itemId(b))))
            .slice(0, REPLAY_MAX);
          const heard = stream.held ?? [];
          stream.held = null;
          // What it missed first, then what was heard meanwhile (an item in both goes once).
          if (!ended) for (const item of [...missed, ...heard]) send(stream, item);
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
