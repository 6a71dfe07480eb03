import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { answerPage, decodeCursor, LIST_MAX, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { callerOf } from '../plugins/identity';
import { ordersRepository } from '../repositories/orders';
import { REVIEWS_NEWEST_FIRST, reviewsRepository, type ReviewRow, type ReviewSide } from '../repositories/reviews';
import { scoresRepository } from '../repositories/scores';
import { otherSide, readableBy, replyRefusal, reviewDueAt, reviewRefusal, sideOf } from '../reviews/rules';
import { reviewOnWire } from '../reviews/wire';
import { idParams, score, text } from '../schemas';

interface ReviewBody {
  rating: number;
  comment?: string;
}

const str = { type: 'string' } as const;
const party = { type: 'object', required: ['_id', 'name'], properties: { _id: str, name: str } } as const;

const review = {
  type: 'object',
  required: ['_id', 'bookingId', 'bookName', 'role', 'author', 'subject', 'rating', 'comment', 'at', 'shown', 'reply'],
  properties: {
    _id: str, bookingId: str, bookName: str, role: str, author: party, subject: party,
    rating: { type: 'integer' }, comment: { type: ['string', 'null'] }, at: str, shown: { type: 'boolean' },
    reply: { type: ['object', 'null'], required: ['text', 'at'], properties: { text: str, at: str } },
  },
} as const;
const reviewOrNull = { ...review, type: ['object', 'null'] } as const;

const reviewBody = {
  type: 'object',
  required: ['rating'],
  additionalProperties: false,
  properties: { rating: { type: 'integer', minimum: 1, maximum: 5 }, comment: text(1000) },
} as const;

const replyBody = { type: 'object', required: ['text'], additionalProperties: false, properties: { text: text(1000, 1) } } as const;

const orderReviews = {
  type: 'object',
  required: ['mine', 'theirs', 'dueAt', 'open'],
  properties: { mine: reviewOrNull, theirs: reviewOrNull, dueAt: { type: ['string', 'null'] }, open: { type: 'boolean' } },
} as const;

const userReviewsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { as: { type: 'string', enum: ['seller', 'buyer'], default: 'seller' }, ...pagingProperties(LIST_MAX) },
} as const;

const userReviews = {
  type: 'object',
  required: [...score.required, 'reviews'],
  properties: { ...score.properties, reviews: { type: 'array', items: review } },
} as const;

/** The sort a user's review list's cursors name. */
const SHOWN_DESC = 'shown_desc';

/** Double-blind reviews of completed orders, and the scores they make (server/src/reviews/README.md). */
export default async function reviewRoutes(app: FastifyInstance) {
  const reviews = reviewsRepository(app.db);

  app.post<{ Params: { id: string }; Body: ReviewBody }>(
    '/bookings/:id/reviews',
    {
      onRequest: app.authenticate,
      config: { multiLineFields: ['comment'] },
      schema: { params: idParams, body: reviewBody, response: { 201: review } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const comment = request.body.comment?.trim() || null;
      const now = app.orders.clock.now();
      const posted = await app.db.transaction(async (tx) => {
        const repository = reviewsRepository(tx);
        const order = await repository.orderOf(request.params.id, { lock: true });
        if (!order) throw notFound('No such booking');
        const side = sideOf(order, caller.id);
        if (side === undefined) throw forbidden('Only the buyer or the seller of this order can review it');
        const refusal = reviewRefusal(order, now);
        if (refusal !== undefined) throw conflict(refusal);
        const other = otherSide(side);
        const subjectId = other === 'buyer' ? order.buyer_id : order.seller_id;
        const stored = await repository.insert({
          id: newId(), bookingId: order.id, authorId: caller.id, authorName: caller.name, subjectId,
          subjectName: other === 'buyer' ? order.buyer_name : order.seller_name,
          role: side, rating: request.body.rating, comment, at: now,
        });
        if (!stored) throw conflict('You reviewed this order already; a review cannot be changed');
        // The second side's review shows both at once; the first tells the other side it is there.
        if ((await repository.showWhenBoth(order.id, now)) > 0) return { ...stored, shown_at: now, told: false };
        const told =
          subjectId !== null &&
          (await ordersRepository(tx).tell({
            userId: subjectId, bookingId: order.id, kind: 'review_posted', role: other, bookName: order.book_name, deadline: null, at: now,
          }));
        return { ...stored, told };
      });
      if (posted.told) app.orders.told();
      reply.code(201);
      return reviewOnWire(posted);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/bookings/:id/reviews',
    { onRequest: app.authenticate, schema: { params: idParams, response: { 200: orderReviews } } },
    async (request) => {
      const caller = callerOf(request);
      const order = await reviews.orderOf(request.params.id, { lock: false });
      if (!order) throw notFound('No such booking');
      const side = sideOf(order, caller.id);
      if (side === undefined && caller.role !== 'admin') throw forbidden('This is not your order');
      const now = app.orders.clock.now();
      const posted = await reviews.ofBooking(order.id);
      // An admin who is no side reads the buyer's review as `mine` and the seller's as `theirs`,
      // each only once shown, like anyone who did not write it.
      const seat: ReviewSide = side ?? 'buyer';
      const visible = (row: ReviewRow | undefined) => (row !== undefined && readableBy(row, caller.id) ? reviewOnWire(row) : null);
      const mine = posted.find((row) => row.role === seat);
      const dueAt = reviewDueAt(order);
      return {
        mine: visible(mine),
        theirs: visible(posted.find((row) => row.role === otherSide(seat))),
        dueAt: dueAt?.toISOString() ?? null,
        open: side !== undefined && mine === undefined && reviewRefusal(order, now) === undefined,
      };
    },
  );

  app.post<{ Params: { id: string }; Body: { text: string } }>(
    '/reviews/:id/reply',
    {
      onRequest: app.authenticate,
      config: { multiLineFields: ['text'] },
      schema: { params: idParams, body: replyBody, response: { 200: review } },
    },
    async (request) => {
      const caller = callerOf(request);
      const text = request.body.text.trim();
      if (text.length === 0) throw badRequest('Write a reply first');
      const found = await reviews.findById(request.params.id);
      const isSubject = found !== undefined && found.subject_id === caller.id;
      // A review the caller may not read is no review to them (its subject knows of it: told when it was posted).
      if (!found || (!isSubject && !readableBy(found, caller.id)) || (isSubject && found.hidden_at !== null)) {
        throw notFound('No such review');
      }
      if (!isSubject) throw forbidden('Only the one reviewed can reply');
      const refusal = replyRefusal(found);
      if (refusal !== undefined) throw conflict(refusal);
      const replied = await reviews.reply(found.id, caller.id, text, app.orders.clock.now());
      // Another reply of theirs got there first.
      if (!replied) throw conflict('You replied to this review already');
      return reviewOnWire(replied);
    },
  );

  app.get<{ Params: { id: string }; Querystring: PagingQuery & { as: 'seller' | 'buyer' } }>(
    '/users/:id/reviews',
    { schema: { params: idParams, querystring: userReviewsQuery, response: { 200: userReviews } } },
    async (request, reply) => {
      const { as, limit = LIST_MAX, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor, SHOWN_DESC, REVIEWS_NEWEST_FIRST);
      const userScore = await scoresRepository(app.db).scoreOfUser(request.params.id, as);
      if (!userScore) throw notFound('No such user');
      // As a seller: what their buyers wrote (role 'buyer'); as a buyer, what their sellers wrote.
      const page = await reviews.listAbout(request.params.id, otherSide(as), limit, after);
      const path = `/users/${request.params.id}/reviews`;
      const rows = answerPage(request, reply, { path, query: { as }, limit, sort: SHOWN_DESC, page });
      return { ...userScore, reviews: rows.map(reviewOnWire) };
    },
  );
}
