/** The favourites feature's wire type: a saved book as `GET /favourites` answers it. */

/** A book a signed-in user saved (`GET /favourites`): its price now and when saved, in dollars. */
export interface Favourite {
  bookId: string;
  name: string;
  author: string;
  price: number;
  img: string;
  sold: boolean;
  savedPrice: number;
  savedAt: string;
}
