import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/**
 * A cell's value of several lines (a title, a state chip and its deadline). On a phone's card
 * (stackedTable.ts) every line sits at the card's right edge, nested stacks (the chip's) included,
 * as a one-line value does; wider screens read it from the left.
 */
export function CellStack({ children }: { children: ReactNode }) {
  return (
    <Stack
      spacing={0.5}
      sx={{ alignItems: { xs: 'flex-end', sm: 'flex-start' }, '& > .MuiStack-root': { alignItems: 'inherit' } }}
    >
      {children}
    </Stack>
  );
}

/**
 * What a cell adds under its value (an order's timeline and moves): on a phone's card a line of
 * its own across the card, read from the left; nothing at all when it holds nothing.
 */
export function CellDetails({ children }: { children: ReactNode }) {
  return <Box sx={{ flexBasis: '100%', textAlign: 'left', mt: { sm: 1 }, '&:empty': { display: 'none' } }}>{children}</Box>;
}
