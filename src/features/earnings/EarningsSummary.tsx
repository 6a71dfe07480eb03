import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { earningsCopy } from './copy';
import { formatUsd } from '../../lib/money';
import type { Commission } from '../../types/entities';
import { BalanceFigures } from './BalanceFigures';
import { useGetEarningsQuery } from './earningsApi';

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "Book Resale keeps 8% of each book's price (at least $0.50); shipping is yours". */
export const commissionWords = ({ percent, min }: Commission): string =>
  earningsCopy.commission(percentFormat.format(percent), formatUsd(min));

/** The balance's four figures and the commission, from `GET /earnings`. */
export function EarningsSummary() {
  const earnings = useGetEarningsQuery();
  const { data } = earnings;
  if (!data && earnings.isError) {
    return <LoadFailed what={earningsCopy.failed} error={earnings.error} retrying={earnings.isFetching} onRetry={() => void earnings.refetch()} />;
  }
  return (
    <Stack spacing={2}>
      <BalanceFigures balance={data?.balance} />
      {data && <Typography>{commissionWords(data.commission)}</Typography>}
    </Stack>
  );
}
