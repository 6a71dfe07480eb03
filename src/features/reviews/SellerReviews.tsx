import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { UserScore } from '../../components/UserScore';
import { copy } from '../../config/copy';
import { reviewsCopy } from './copy';
import { ReportButton } from '../reports/ReportButton';
import { ReviewCard } from './ReviewCard';
import { sellerReviewsArgs, useGetUserReviewsInfiniteQuery } from './userReviewsApi';

/** The seller's score as their reviews' first page gives it (the same request as the list below). */
export function SellerReviewScore({ sellerId }: { sellerId: string }) {
  const { data } = useGetUserReviewsInfiniteQuery(sellerReviewsArgs(sellerId));
  const first = data?.pages[0];
  return first ? <UserScore score={first} /> : null;
}

/** What buyers wrote of a seller, newest first, a page at a time ("More reviews"); each may be reported. */
export function SellerReviews({ sellerId }: { sellerId: string }) {
  const list = useGetUserReviewsInfiniteQuery(sellerReviewsArgs(sellerId));
  const reviews = useMemo(() => list.data?.pages.flatMap((page) => page.reviews) ?? [], [list.data]);
  return (
    <Stack component="section" aria-labelledby="seller-reviews-title" spacing={2} sx={{ mt: 4 }}>
      <Typography id="seller-reviews-title" component="h2" variant="h5">
        {reviewsCopy.title}
      </Typography>
      {list.isLoading && <PageProgress />}
      {list.isError && !list.data && (
        <LoadFailed what={reviewsCopy.failed} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      )}
      {list.data && reviews.length === 0 && <Typography color="text.secondary">{copy.reviews.none}</Typography>}
      {reviews.length > 0 && (
        <Stack component="ol" spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {reviews.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review}>
                <ReportButton kind="review" id={review._id} describedBy={`review-${review._id}`} />
              </ReviewCard>
            </li>
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Stack sx={{ alignItems: 'center' }}>
          <Button variant="outlined" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? copy.search.loadingMore : reviewsCopy.more}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
