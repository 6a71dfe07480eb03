import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading, PageProgress } from '../../components/PageProgress';
import { UserScore } from '../../components/UserScore';
import { copy } from '../../config/copy';
import { useGetSellerQuery } from '../catalogue/catalogueApi';
import { ReliableSellerBadge } from '../insight/ReliableSellerBadge';
import { ReportButton } from '../reports/ReportButton';
import { SellerReviews, SellerReviewScore } from '../reviews/SellerReviews';
import { ResultCard } from './ResultCard';
import { useSearchBooksInfiniteQuery } from './searchApi';

/** Covers of the first results load at once: they are on the first screen. */
const EAGER_COVERS = 2;

/** `/sellers/:id`: who sells, since when, how much they sold, and their books for sale (paged). */
export function Component() {
  const { id = '' } = useParams();
  const { data: seller, isLoading } = useGetSellerQuery(id);
  const books = useSearchBooksInfiniteQuery({ seller: id, sort: 'newest' }, { skip: !seller });
  const items = useMemo(() => books.data?.pages.flatMap((page) => page.items) ?? [], [books.data]);

  useEffect(() => {
    if (seller) document.title = `${seller.name} · ${copy.brand.name}`;
  }, [seller]);

  if (isLoading) return <PageLoading />;
  if (!seller) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        {seller === null ? (
          <Typography component="h1" variant="h2">
            {copy.sellerPage.gone}
          </Typography>
        ) : (
          <Alert severity="error">{copy.sellerPage.failed}</Alert>
        )}
      </Container>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography component="h1" variant="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {seller.name}
        {seller.verified && <VerifiedIcon titleAccess={copy.books.verified} color="primary" />}
      </Typography>
      <Typography color="text.secondary">
        {copy.sellerPage.memberSince(seller.memberSince)} · {copy.sellerPage.sold(seller.booksSold)} ·{' '}
        {copy.sellerPage.forSale(seller.booksForSale)}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, minHeight: 30, mb: 3 }}>
        {/* Older answers carry no score: their reviews' first page says it. */}
        {seller.sellerScore ? <UserScore score={seller.sellerScore} /> : <SellerReviewScore sellerId={id} />}
        <ReportButton kind="user" id={seller._id} />
        <ReliableSellerBadge sellerId={seller._id} />
      </Stack>
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {copy.sellerPage.booksTitle}
      </Typography>
      {books.isLoading && <PageProgress />}
      {books.data && items.length === 0 && <Typography color="text.secondary">{copy.sellerPage.none}</Typography>}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((book, index) => (
          <li key={book._id}>
            <ResultCard book={book} words={[]} eager={index < EAGER_COVERS} sellerId={seller._id} />
          </li>
        ))}
      </Stack>
      {books.hasNextPage && (
        <Stack sx={{ mt: 3, alignItems: 'center' }}>
          <Button variant="outlined" onClick={() => void books.fetchNextPage()} disabled={books.isFetchingNextPage}>
            {books.isFetchingNextPage ? copy.search.loadingMore : copy.search.loadMore}
          </Button>
        </Stack>
      )}
      <SellerReviews sellerId={id} />
    </Container>
  );
}
