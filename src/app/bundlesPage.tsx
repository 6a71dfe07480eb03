import { BundlesPage, type BundleExtras } from '../features/bundles/BundlesPage';
import { MakeOffer } from '../features/offers/MakeOffer';
import { offerSubject } from '../features/offers/offerWords';

/** An offer for a bundle's books still for sale, below their subtotal, by the ways they all travel. */
const extras: BundleExtras = (bundle) =>
  bundle.books.length > 0 && (
    <div>
      <MakeOffer
        bookIds={bundle.books.map((book) => book.bookId)}
        sellerId={bundle.seller.id}
        asking={bundle.subtotal}
        deliveries={bundle.deliveries}
        subject={offerSubject(bundle.books.map((book) => book.name))}
        several={bundle.books.length > 1}
      />
    </div>
  );

/** `/dashboard/bundles`: the bundles page with what other features add to each bundle (an offer), composed here. */
export function Component() {
  return <BundlesPage extras={extras} />;
}
