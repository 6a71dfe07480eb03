import type { MessageRow, ThreadSummary } from '../repositories/messages';
import { absoluteUrl } from '../lib/wire';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A message as `admin` or a side reads it: a hidden message's text goes to admins only. */
export function messageOnWire(row: MessageRow, { admin = false }: { admin?: boolean } = {}) {
  const hidden = row.hidden_at !== null;
  return {
    _id: String(row.id),
    threadId: row.thread_id,
    author: { _id: row.author_id ?? '', name: row.author_name },
    text: hidden && !admin ? '' : row.text,
    at: iso(row.created_at),
    hidden,
  };
}

export type MessageOnWire = ReturnType<typeof messageOnWire>;

export interface ThreadReading {
  role: 'buyer' | 'seller' | 'admin';
  /** Why the reader cannot write in it, or undefined when they can. */
  closed: string | undefined;
}

/** A thread as its reader reads it (docs/API.md, "Messages, reviews and reports"). */
export function threadOnWire(base: string, row: ThreadSummary, { role, closed }: ThreadReading) {
  const hiddenLast = row.last_hidden === true && role !== 'admin';
  return {
    _id: row.id,
    kind: row.kind,
    bookingId: row.booking_id,
    bookId: row.book_id ?? (row.kind === 'order' ? '' : null),
    bookName: row.book_name,
    img: absoluteUrl(base, row.img),
    role,
    buyer: { _id: row.buyer_id ?? '', name: row.buyer_name },
    seller: { _id: row.seller_id ?? '', name: row.seller_name },
    last:
      row.last_id === null || row.last_at === null
        ? null
        : { text: hiddenLast ? '' : (row.last_text ?? ''), at: iso(row.last_at), authorId: row.last_author_id ?? '' },
    unread: role === 'admin' ? 0 : row.unread,
    canSend: closed === undefined,
    ...(closed !== undefined && { closed }),
    updatedAt: iso(row.updated_at),
  };
}
