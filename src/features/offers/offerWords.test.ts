import { defaultFloor } from './OfferTermsSection';
import { offersCopy } from './copy';
import { counterRange, offerSubject, sideOf, timeLeftWords, turnWords } from './offerWords';
import { aCounteredOffer, anOffer, BUYER, SELLER } from './testSupport';

const at = '2026-12-03T10:00:00.000Z';

describe("an offer's words and ranges", () => {
  it('names its books as one', () => {
    expect(offerSubject(['Dune'])).toBe('Dune');
    expect(offerSubject(['Dune', 'Emma'])).toBe('Dune and 1 more book');
    expect(offerSubject(['Dune', 'Emma', 'Ulysses'])).toBe('Dune and 2 more books');
  });

  it('works the counter ranges out from the history, after several rounds', () => {
    const rounds = anOffer({
      awaiting: 'seller',
      amount: 16,
      history: [
        { by: 'buyer', action: 'offered', amount: 12, at },
        { by: 'seller', action: 'countered', amount: 19, at },
        { by: 'buyer', action: 'countered', amount: 16, at },
      ],
    });
    expect(counterRange(rounds, 'seller')).toEqual({ above: 16, below: 20 });
    expect(counterRange(aCounteredOffer(), 'buyer')).toEqual({ above: 14, below: 18 });
    // Before the seller countered, a buyer's counter is bounded by the asking price.
    expect(counterRange(anOffer(), 'buyer')).toEqual({ above: 14, below: 20 });
  });

  it('tells the reader whose turn it is and how long is left', () => {
    const now = Date.parse(at);
    const offer = anOffer({ expiresAt: new Date(now + 5 * 3_600_000).toISOString() });
    expect(sideOf(offer, BUYER)).toBe('buyer');
    expect(sideOf(offer, SELLER)).toBe('seller');
    expect(sideOf(offer, 'admin-1')).toBeNull();
    expect(turnWords(offer, 'seller')).toBe(offersCopy.yourTurn);
    expect(turnWords(offer, 'buyer')).toBe('Waiting for the seller');
    expect(turnWords(offer, null)).toBe('Waiting for the seller');
    expect(timeLeftWords(offer, now)).toBe('5 hours left');
    expect(timeLeftWords(offer, now + 4.5 * 3_600_000)).toBe('Less than an hour left');
    expect(timeLeftWords(offer, now + 6 * 3_600_000)).toBe('Expiring now');
    expect(timeLeftWords(anOffer({ expiresAt: new Date(now + 48 * 3_600_000).toISOString() }), now)).toBe('2 days left');
    expect(timeLeftWords(anOffer({ state: 'expired', expiresAt: null }), now)).toBe('—');
  });

  it("the default floor is half the price, rounded up to the cent as the API rounds it", () => {
    expect(defaultFloor(12)).toBe(6);
    expect(defaultFloor(12.34)).toBe(6.17);
    expect(defaultFloor(12.35)).toBe(6.18);
  });
});
