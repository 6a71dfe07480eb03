import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { accessTokenSubject } from '../../lib/accessTokenSubject';
import { useGetShopPolicyQuery } from './bundlesApi';
import { useBundleListeners } from './bundlesListeners';
import { shopPolicyCopy } from './copy';
import { ShopPolicyForm } from './ShopPolicyForm';

const NO_SESSION = { status: 401 };

/** `/dashboard/shop-policy` (sellers): what several of their books cost together, as the seller's own policy reads. */
export function Component() {
  useBundleListeners();
  const sellerId = accessTokenSubject();
  const policy = useGetShopPolicyQuery(sellerId ?? skipToken);

  return (
    <Box>
      <Typography id="shop-policy-title" variant="h2" component="h1" gutterBottom>
        {shopPolicyCopy.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 640 }}>
        {shopPolicyCopy.intro}
      </Typography>
      {policy.data ? (
        <ShopPolicyForm saved={policy.data} />
      ) : sellerId === null ? (
        // No readable session: the session has ended, which the notice says.
        <LoadFailed what={shopPolicyCopy.failed} error={NO_SESSION} onRetry={() => window.location.reload()} />
      ) : policy.isError ? (
        <LoadFailed what={shopPolicyCopy.failed} error={policy.error} retrying={policy.isFetching} onRetry={() => void policy.refetch()} />
      ) : (
        <PageProgress />
      )}
    </Box>
  );
}
