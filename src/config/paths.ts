/** Every route of the SPA in one place. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  blog: '/blog',
  search: '/search',
  categoryBooks: (category: string) => `/bookCatagoriesId/${encodeURIComponent(category)}`,
  categoryBooksPattern: '/bookCatagoriesId/:id',
  allBooks: '/bookCatagoriesId',
  dashboard: '/dashboard',
  allSeller: '/dashboard/allseller',
  allBuyer: '/dashboard/allbuyer',
  addProducts: '/dashboard/addproducts',
  myProducts: '/dashboard/myproducts',
  myBuyer: '/dashboard/mybuyer',
  payment: (bookingId: string) => `/dashboard/payment/${encodeURIComponent(bookingId)}`,
  paymentPattern: '/dashboard/payment/:id',
} as const;
