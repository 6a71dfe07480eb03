import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { paths } from '../../config/paths';
import { BundleCard } from './BundleCard';
import { useGetBundlesQuery } from './bundlesApi';
import { useBundleListeners } from './bundlesListeners';
import { bundlesCopy } from './copy';
import type { Bundle } from './types';

/** What other features add to each bundle (an offer for its books): the bundles feature knows none of them. */
export type BundleExtras = (bundle: Bundle) => ReactNode;

/** `/dashboard/bundles`: the buyer's bundles, one per seller, newest first, each checked out on its own. */
export function BundlesPage({ extras }: { extras?: BundleExtras }) {
  useBundleListeners();
  const bundles = useGetBundlesQuery();

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {bundlesCopy.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {bundlesCopy.intro}
      </Typography>
      {bundles.isFetching && <PageProgress />}
      {bundles.data ? (
        bundles.data.length === 0 ? (
          <EmptyState message={bundlesCopy.empty} action={{ label: bundlesCopy.browse, to: paths.search }} />
        ) : (
          <Stack spacing={3} sx={{ maxWidth: 880 }}>
            {bundles.data.map((bundle) => (
              <BundleCard key={bundle.seller.id} bundle={bundle} extras={extras?.(bundle)} />
            ))}
          </Stack>
        )
      ) : (
        bundles.isError && (
          <LoadFailed what={bundlesCopy.failed} error={bundles.error} retrying={bundles.isFetching} onRetry={() => void bundles.refetch()} />
        )
      )}
    </Box>
  );
}

/** The bundles page alone, without what other features add (the route composes it in src/app/bundlesPage.tsx). */
export function Component() {
  return <BundlesPage />;
}
