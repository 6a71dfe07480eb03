/**
 * Wants, favourites and editing a listing: who is told what when a book is listed, edited or
 * cheaper, and who may change a listing.
 */
import { addProduct, bookingOf, type Actor, type TestApp } from './helper';
import { notificationsOf, orderShop, type WireNotification } from './orderSupport';
import { signUp } from './helper';

let t: TestApp;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let other: Actor;

beforeAll(async () => {
  ({ t, buyer, seller, admin } = await orderShop());
  other = await signUp(t.app, 'other-buyer@test.dev');
});
afterAll(() => t.close());

const want = (actor: Actor, payload: object) => t.app.inject({ method: 'POST', url: '/wants', headers: actor.headers, payload });
const edit = (actor: Actor, id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/products/${id}`, headers: actor.headers, payload });
const alerts = async (actor: Actor, kind: string) =>
  (await notificationsOf(t.app, actor)).filter((n) => n.kind === kind) as (WireNotification & { bookId?: string; wantId?: string; amount?: number })[];

describe('wants', () => {
  it('saves an ISBN or words with filters, refuses nonsense, duplicates and other people\'s deletes', async () => {
    const byIsbn = await want(buyer, { isbn: '0-261-10221-4', maxPrice: '15' });
    expect(byIsbn.json()).toMatchObject({ isbn: '9780261102217', q: null, maxPrice: 15, filters: null });
    const byWords = await want(buyer, { q: 'Middlemarch Eliot', filters: { category: 'fiction', condition: 'Good', minPrice: '2' } });
    expect(byWords.json()).toMatchObject({ isbn: null, q: 'Middlemarch Eliot', filters: { category: 'fiction', condition: 'Good', minPrice: 2 }, maxPrice: null });
    expect((await want(buyer, { q: 'middlemarch eliot', filters: { category: 'fiction', condition: 'good', minPrice: '2' } })).json())
      .toEqual({ message: 'You already want this' });
    expect((await want(buyer, {})).statusCode).toBe(400);
    expect((await want(buyer, { isbn: '9780261102218' })).json()).toEqual({ message: 'isbn is not a valid ISBN-10 or ISBN-13' });
    expect((await want(buyer, { q: 'the and of' })).statusCode).toBe(400);
    expect((await want(buyer, { q: 'x', filters: { minPrice: '9' }, maxPrice: '3' })).statusCode).toBe(400);

    const mine = (await t.app.inject({ url: '/wants', headers: buyer.headers })).json();
    // Newest first; these two were saved at the same moment of the test's clock.
    expect(mine.map((w: { _id: string }) => w._id).sort()).toEqual([byWords.json()._id, byIsbn.json()._id].sort());
    expect((await t.app.inject({ url: '/wants', headers: other.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/wants/${byWords.json()._id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/wants/${byWords.json()._id}`, headers: buyer.headers })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.app.inject({ url: '/wants' })).statusCode).toBe(401);
  });

  it('tells each wanting buyer once when a matching book is listed, within its price, never the seller', async () => {
    const isbnWant = (await want(other, { isbn: '9780141439549', maxPrice: '10' })).json();
    const wordsWant = (await want(other, { q: 'great expectations', filters: { condition: 'Good' } })).json();
    const sellersOwn = (await want(seller, { isbn: '9780141439549' })).json();
    expect(sellersOwn._id).toBeTruthy();

    // Too dear for the ISBN want, and not in the wanted condition for the words: nobody is told.
    const dear = await addProduct(t.app, seller, { name: 'Great Expectations', author: 'Charles Dickens', isbn: '9780141439549', price: '25', condition: 'Fair' });
    expect(await alerts(other, 'want_listed')).toEqual([]);
    // Within both: told once per want, with the book and the price.
    const cheap = await addProduct(t.app, seller, { name: 'Great Expectations (Penguin Classics)', author: 'Charles Dickens', isbn: '9780141439549', price: '8', condition: 'Good' });
    const told = await alerts(other, 'want_listed');
    expect(told.map((n) => [n.bookId, n.wantId, n.amount, n.bookName]).sort()).toEqual(
      [[cheap, isbnWant._id, 8, 'Great Expectations (Penguin Classics)'], [cheap, wordsWant._id, 8, 'Great Expectations (Penguin Classics)']].sort(),
    );
    expect(await alerts(seller, 'want_listed')).toEqual([]);
    // Editing it again tells nobody twice; editing the dear one into range tells them about it.
    expect((await edit(seller, cheap, { description: 'Clean copy' })).statusCode).toBe(200);
    expect(await alerts(other, 'want_listed')).toHaveLength(2);
    expect((await edit(seller, dear, { price: '9.5', condition: 'good' })).statusCode).toBe(200);
    expect((await alerts(other, 'want_listed')).filter((n) => n.bookId === dear)).toHaveLength(2);
  });
});

describe('favourites', () => {
  it('saves, lists (a sold one marked), tells of a price drop, and removes', async () => {
    const bookId = await addProduct(t.app, seller, { name: 'Favourite Book', price: '20' });
    expect((await t.app.inject({ method: 'PUT', url: `/favourites/${bookId}`, headers: buyer.headers })).json()).toEqual({ bookId, saved: true });
    expect((await t.app.inject({ method: 'PUT', url: `/favourites/${bookId}`, headers: buyer.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/favourites/0123456789abcdef01234567', headers: buyer.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/favourites', headers: buyer.headers })).json()).toEqual([
      expect.objectContaining({ bookId, name: 'Favourite Book', price: 20, savedPrice: 20, sold: false }),
    ]);

    // Dearer: nothing; cheaper: the buyer is told the new price.
    await edit(seller, bookId, { price: '22' });
    expect(await alerts(buyer, 'price_drop')).toEqual([]);
    await edit(seller, bookId, { price: '15' });
    expect((await alerts(buyer, 'price_drop')).map((n) => [n.bookId, n.amount])).toEqual([[bookId, 15]]);
    expect((await t.app.inject({ url: '/favourites', headers: buyer.headers })).json()[0]).toMatchObject({ price: 15, savedPrice: 20 });

    expect((await t.app.inject({ method: 'DELETE', url: `/favourites/${bookId}`, headers: buyer.headers })).json()).toEqual({ bookId, saved: false });
    expect((await t.app.inject({ url: '/favourites', headers: buyer.headers })).json()).toEqual([]);
  });
});

describe('editing a listing', () => {
  it('is for its seller or an admin; a booking keeps its price and its buyer is told; bad input changes nothing', async () => {
    const bookId = await addProduct(t.app, seller, { name: 'Edited Book', price: '12' });
    const bookingId = await bookingOf(t.app, buyer, bookId);
    const stranger = await signUp(t.app, 'stranger-seller@test.dev', 'seller');
    expect((await edit(stranger, bookId, { price: '1' })).statusCode).toBe(403);
    expect((await edit(buyer, bookId, { price: '1' })).statusCode).toBe(403);
    expect((await edit(seller, '0123456789abcdef01234567', { price: '1' })).statusCode).toBe(404);
    expect((await edit(seller, bookId, {})).statusCode).toBe(400);
    expect((await edit(seller, bookId, { isbn: '123' })).statusCode).toBe(400);
    expect((await edit(seller, bookId, { price: '0.10' })).statusCode).toBe(400);
    expect((await edit(seller, bookId, { delivery: { meetup: false } })).json()).toEqual({ message: 'Offer a meet-up, shipping, or both' });
    expect((await t.app.inject({ url: `/products/${bookId}`, headers: seller.headers })).json()).toMatchObject({ price: 12, name: 'Edited Book' });

    const changed = await edit(seller, bookId, {
      price: '9', condition: 'Good', description: 'Now with a dust jacket', delivery: { shipping: true, shippingPrice: '3.5' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ _id: bookId, price: 9, condition: 'Good', description: 'Now with a dust jacket' });
    expect((await edit(admin, bookId, { name: 'Edited Book (2nd ed.)' })).json()).toMatchObject({ name: 'Edited Book (2nd ed.)' });
    // The booking keeps the price it was booked at; its buyer was told, once.
    const order = (await t.app.inject({ url: `/bookings/${bookingId}`, headers: buyer.headers })).json();
    expect(order.resale_price).toBe(12);
    expect((await alerts(buyer, 'listing_changed')).map((n) => n.bookingId)).toEqual([bookingId]);
    expect((await t.app.inject({ url: `/products/${bookId}`, headers: stranger.headers })).statusCode).toBe(403);
  });
});

describe('photos of the copy', () => {
  it('keeps up to six in the seller\'s order, the cover first, and reorders them on edit', async () => {
    const photo = (n: number) => `https://images.example/copy-${n}.webp`;
    const bookId = await addProduct(t.app, seller, { name: 'Photographed Book', image: photo(1), images: [photo(1), photo(2), photo(3)] });
    const page = await t.app.inject({ url: `/books/${bookId}` });
    expect(page.json().images).toEqual([photo(1), photo(2), photo(3)]);
    expect(page.json().img).toBe(photo(1));

    const reordered = await edit(seller, bookId, { images: [photo(3), photo(1), photo(2)] });
    expect(reordered.json()).toMatchObject({ image: photo(3), images: [photo(3), photo(1), photo(2)] });
    // A new cover alone keeps the other photos.
    expect((await edit(seller, bookId, { image: photo(9) })).json().images).toEqual([photo(9), photo(1), photo(2)]);

    const seven = Array.from({ length: 7 }, (_, n) => photo(n + 10));
    expect((await edit(seller, bookId, { images: seven })).statusCode).toBe(400);
    expect((await edit(seller, bookId, { images: [photo(1), photo(1)] })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/books/${bookId}` })).json().images).toEqual([photo(9), photo(1), photo(2)]);
    // A listing posted as the spec posts it has one photo.
    const plain = await addProduct(t.app, seller, { name: 'Plain Book' });
    expect((await t.app.inject({ url: `/books/${plain}` })).json().images).toEqual(['https://images.example/dune.png']);
  });
});
