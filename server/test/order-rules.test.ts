import { mayMove, wrongMoveMessage, ORDER_MOVES, ORDER_STATES, type MoveContext, type OrderMove, type OrderState } from '../src/orders/states';
import { ALLOWED, type Who } from './orderSupport';

/**
 * Every move from every state, for every kind of caller and both deliveries, against the table of
 * docs/API.md ("Orders"), written out again here by hand: what is allowed, and why anything else
 * is refused (409 for no next step, 403 for the wrong caller). The routes apply these rules
 * (orders.test.ts drives them through the API).
 */

const WHO: Who[] = ['buyer', 'seller', 'admin', 'admin seller', 'admin buyer', 'stranger'];

const contextOf = (state: OrderState, method: 'meetup' | 'shipping', who: Who, problemWindowOpen = true): MoveContext => ({
  state,
  method,
  side: who === 'buyer' || who === 'admin buyer' ? 'buyer' : who === 'seller' || who === 'admin seller' ? 'seller' : undefined,
  admin: who.startsWith('admin'),
  problemWindowOpen,
});


/** The next steps of each state, whoever takes them: a move outside these is 409 for anyone. */
const NEXT_STEPS: Record<OrderState, OrderMove[]> = {
  booked: ['cancelled'],
  paid: ['ready', 'shipped', 'refunded'],
  ready: ['received', 'refunded'],
  shipped: ['received'],
  received: ['completed', 'disputed'],
  disputed: ['refunded', 'completed'],
  completed: [],
  cancelled: [],
  expired: [],
  refunded: [],
};

const cases = ORDER_STATES.flatMap((state) =>
  ORDER_MOVES.flatMap((move) =>
    (['meetup', 'shipping'] as const).flatMap((method) => WHO.map((who) => ({ state, move, method, who }))),
  ),
);

describe('who may move an order, and when', () => {
  it.each(cases)('$state → $move ($method) by $who', ({ state, move, method, who }) => {
    const verdict = mayMove(move, contextOf(state, method, who));
    const allowed = ALLOWED[`${state}>${move}`]?.[method];
    if (allowed?.includes(who)) {
      expect(verdict).toBe('ok');
    } else if (!NEXT_STEPS[state].includes(move) || allowed?.length === 0) {
      // Not a next step of this state, or not for this delivery: 409 whoever asks.
      expect(verdict).toBe('wrong');
    } else {
      expect(verdict).toBe('forbidden');
    }
  });

  it('refuses a problem report once the window closed, to the buyer too', () => {
    expect(mayMove('disputed', contextOf('received', 'meetup', 'buyer', false))).toBe('window closed');
    expect(mayMove('disputed', contextOf('received', 'shipping', 'seller', false))).toBe('forbidden');
  });

  it('names the state and the next steps of this delivery only in a 409', () => {
    expect(wrongMoveMessage('paid', 'shipping')).toBe('This order is paid. What may happen next: shipped, refunded.');
    expect(wrongMoveMessage('paid', 'meetup')).toBe('This order is paid. What may happen next: ready, refunded.');
    expect(wrongMoveMessage('completed', 'meetup')).toBe('This order is completed. Nothing more can happen to it.');
  });
});
