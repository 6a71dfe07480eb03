import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { copy } from '../config/copy';

/** An open book drawn inline: no request, no icon package on the first paint. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M3 7c4-1.5 8-1.5 12 1v18c-4-2.5-8-2.5-12-1z" fill="#ee6c4d" />
      <path d="M29 7c-4-1.5-8-1.5-12 1v18c4-2.5 8-2.5 12-1z" fill="#98c1d9" />
    </svg>
  );
}

export function Logo() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LogoMark />
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, color: 'inherit' }}>
        {copy.brand.name}
      </Typography>
    </Box>
  );
}
