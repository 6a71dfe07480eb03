import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { insightCopy } from './copy';
import { formatFigure, formatShare } from './figures';
import type { Reliability } from './types';

const words = insightCopy.reliability;

/** What the badge takes (the API decides it; the same rules, to say which are met). */
const BADGE_RULES = [
  { key: 'orders', label: words.rules.orders, met: (record: Reliability) => record.orders >= 10 },
  { key: 'shippedOnTime', label: words.rules.shippedOnTime, met: (record: Reliability) => record.shippedOnTime !== null && record.shippedOnTime >= 0.95 },
  { key: 'disputed', label: words.rules.disputed, met: (record: Reliability) => record.disputed !== null && record.disputed < 0.02 },
] as const;

const shareOrNone = (share: number | null) => (share === null ? words.notMeasured : formatShare(share));

/** The seller's last 90 days: orders, on-time shipping, cancellations, disputes, reviews, and the badge with what it takes. */
export function ReliabilitySection({ record }: { record: Reliability }) {
  const figures = [
    { key: 'orders', label: words.orders, value: formatFigure(record.orders, 'count') },
    { key: 'shippedOnTime', label: words.shippedOnTime, value: shareOrNone(record.shippedOnTime) },
    { key: 'cancelled', label: words.cancelled, value: shareOrNone(record.cancelled) },
    { key: 'disputed', label: words.disputed, value: shareOrNone(record.disputed) },
    { key: 'averageReview', label: words.averageReview, value: record.averageReview === null ? words.notMeasured : words.review(record.averageReview.toFixed(1)) },
  ];
  return (
    <Paper component="section" aria-labelledby="insight-reliability" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="insight-reliability" variant="h6" component="h2">
        {words.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {words.intro(record.days)}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 1.5, m: 0, mb: 2 }}>
        {figures.map((figure) => (
          <div key={figure.key}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {figure.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {figure.value}
            </Typography>
          </div>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {record.badge && <VerifiedIcon color="primary" aria-hidden />}
        <Typography sx={{ fontWeight: 600 }}>{record.badge ? words.hasBadge : words.noBadge}</Typography>
      </Stack>
      <Typography variant="body2" id="insight-badge-rules">
        {words.takes(record.days)}
      </Typography>
      <Box component="ul" aria-labelledby="insight-badge-rules" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {BADGE_RULES.map((rule) => {
          const met = rule.met(record);
          return (
            <Stack component="li" key={rule.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {met ? <CheckCircleIcon fontSize="small" color="success" aria-hidden /> : <RadioButtonUncheckedIcon fontSize="small" color="action" aria-hidden />}
              <Typography variant="body2">
                {rule.label}: {met ? words.met : words.notMet}
              </Typography>
            </Stack>
          );
        })}
      </Box>
    </Paper>
  );
}
