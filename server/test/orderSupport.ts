import http from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Clock } from '../src/lib/clock';
import type { Config } from '../src/config';
import { ADMIN_EMAIL, buildTestApp, signUp, type Actor } from './helper';

/** A clock a test moves by hand: deadlines pass without anyone sleeping. */
export class MovableClock implements Clock {
  private at: number;

  constructor(start = Date.parse('2026-11-23T09:00:00Z')) {
    this.at = start;
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The order as the API answers it to one of its readers. */
export interface WireOrder {
  _id: string;
  state: string;
  paid: boolean;
  total: number;
  shipping_price: number;
  resale_price: number;
  delivery: { method: string; address?: string; carrier?: string; tracking?: string };
  timeline: { state: string; at: string; reason?: string }[];
  deadline: { kind: string; at: string } | null;
  viewer: string;
  actions: string[];
  handoverCode?: string;
  codeLockedUntil?: string;
}

export function move(app: FastifyInstance, actor: Actor, bookingId: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/bookings/${bookingId}/transitions`, headers: actor.headers, payload: body });
}

export async function orderAs(app: FastifyInstance, actor: Actor, bookingId: string): Promise<WireOrder> {
  const response = await app.inject({ url: `/bookings/${bookingId}`, headers: actor.headers });
  if (response.statusCode !== 200) throw new Error(`reading the order failed: ${response.body}`);
  return response.json<WireOrder>();
}

export interface WireNotification {
  _id: string;
  kind: string;
  bookingId: string;
  bookName: string;
  role: string;
  at: string;
  read: boolean;
  deadline?: string;
  reason?: string;
  threadId?: string;
  action?: string;
}

export async function notificationsOf(app: FastifyInstance, actor: Actor): Promise<WireNotification[]> {
  const response = await app.inject({ url: '/notifications', headers: actor.headers });
  if (response.statusCode !== 200) throw new Error(`listing notifications failed: ${response.body}`);
  return response.json<WireNotification[]>();
}

/** The kinds of an actor's notifications about one order, oldest first. */
export async function toldAbout(app: FastifyInstance, actor: Actor, bookingId: string): Promise<string[]> {
  return (await notificationsOf(app, actor)).filter((n) => n.bookingId === bookingId).map((n) => n.kind).reverse();
}

export interface ServerSentEvent {
  id?: string;
  event?: string;
  data: string;
}

/** A client of `GET /events` on a listening server: collects the events as they arrive. */
export function openStream(baseUrl: string, headers: Record<string, string>) {
  const events: ServerSentEvent[] = [];
  const waiters: (() => void)[] = [];
  let request: http.ClientRequest | undefined;
  const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
    request = http.get(`${baseUrl}/events`, { headers }, (response) => {
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: ServerSentEvent = { data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data = line.slice(6);
              isEvent = true;
            }
          }
          if (isEvent) {
            events.push(event);
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      });
      resolve(response);
    });
    request.on('error', reject);
  });
  return {
    opened,
    events,
    /** Waits (at most `ms`) until `count` events arrived. */
    async waitFor(count: number, ms = 5_000): Promise<ServerSentEvent[]> {
      const deadline = Date.now() + ms;
      while (events.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`only ${events.length} of ${count} events arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events;
    },
    close() {
      request?.destroy();
    },
  };
}

/** A fresh shop on a clock the test moves, with a buyer, a seller and an admin signed up. */
export async function orderShop(config: Partial<Config> = {}) {
  const clock = new MovableClock();
  const t = await buildTestApp(config, { clock });
  const buyer = await signUp(t.app, 'buyer@test.dev', 'Buyer');
  const seller = await signUp(t.app, 'seller@test.dev', 'seller');
  const admin = await signUp(t.app, ADMIN_EMAIL, 'Buyer');
  return { t, clock, buyer, seller, admin };
}

/** An admin who is a side of the order (`admin seller`, `admin buyer`) acts as that side only. */
export type Who = 'buyer' | 'seller' | 'admin' | 'admin seller' | 'admin buyer' | 'stranger';

/**
 * The allowed moves of an order as docs/API.md ("Orders") tables them, written out again by hand:
 * `state>move` → who may make it, per delivery (order-rules.test.ts, order-moves.test.ts).
 */
export const ALLOWED: Record<string, { meetup: Who[]; shipping: Who[] }> = {
  'booked>cancelled': { meetup: ['buyer', 'admin', 'admin buyer'], shipping: ['buyer', 'admin', 'admin buyer'] },
  'paid>ready': { meetup: ['seller', 'admin', 'admin seller'], shipping: [] },
  'paid>shipped': { meetup: [], shipping: ['seller', 'admin', 'admin seller'] },
  'paid>refunded': { meetup: ['seller', 'admin', 'admin seller'], shipping: ['seller', 'admin', 'admin seller'] },
  'ready>received': { meetup: ['seller', 'admin seller'], shipping: ['seller', 'admin seller'] },
  'ready>refunded': { meetup: ['seller', 'admin', 'admin seller'], shipping: ['seller', 'admin', 'admin seller'] },
  'shipped>received': { meetup: ['buyer', 'admin buyer'], shipping: ['buyer', 'admin buyer'] },
  'received>completed': { meetup: ['buyer', 'admin buyer'], shipping: ['buyer', 'admin buyer'] },
  'received>disputed': { meetup: ['buyer', 'admin buyer'], shipping: ['buyer', 'admin buyer'] },
  'disputed>refunded': { meetup: ['admin'], shipping: ['admin'] },
  'disputed>completed': { meetup: ['admin'], shipping: ['admin'] },
};
