import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { badgeCopy } from './badgeCopy';
import { useGetSellerReliabilityQuery } from './insightApi';

/**
 * "Reliable seller" on a seller's public page, with what it means, for a seller who has earned it
 * (`GET /users/:id/reliability`). Nothing while it loads, for a seller without it, or when it
 * could not be read: its absence says nothing against anyone. Drawn as a chip without MUI's Chip,
 * which the seller's page would otherwise load for this alone.
 */
export function ReliableSellerBadge({ sellerId }: { sellerId: string }) {
  const { data } = useGetSellerReliabilityQuery(sellerId);
  if (!data?.badge) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
      <Box
        component="span"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.25,
          border: 1,
          borderColor: 'success.main',
          borderRadius: 4,
          color: 'success.dark',
          fontSize: '0.8125rem',
          fontWeight: 600,
        }}
      >
        <VerifiedUserIcon aria-hidden sx={{ fontSize: 18 }} />
        {badgeCopy.label}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {badgeCopy.meaning}
      </Typography>
    </Stack>
  );
}
