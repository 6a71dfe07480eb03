/** The wants feature's wire types: a want as `GET /wants` and `POST /wants` answer it. */

/** The search filters a want keeps (prices in dollars). */
export interface WantFilters {
  category?: string;
  condition?: string;
  location?: string;
  minPrice?: number;
  maxPrice?: number;
}

/** "Tell me when it's listed": an ISBN, or words with filters, and the most the buyer would pay. */
export interface Want {
  _id: string;
  isbn: string | null;
  q: string | null;
  filters: WantFilters | null;
  maxPrice: number | null;
  createdAt: string;
}
