import type { Theme } from '@mui/material/styles';
import { visuallyHidden } from '../lib/visuallyHidden';

/**
 * A table that becomes a stack of cards below 600 px: each row a card, each cell a line led by
 * its column's name (the cell's `data-label`), so every action is on screen without a sideways
 * scroll. The header row stays for screen readers. Wider screens see the plain table.
 */
export const stackedTableSx = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': visuallyHidden,
    '& tbody, & tbody tr, & tbody td': { display: 'block' },
    '& tbody tr': { borderBottom: `1px solid ${theme.palette.divider}`, py: 1 },
    '& tbody tr:last-of-type': { borderBottom: 0 },
    '& tbody td': {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      flexWrap: 'wrap',
      gap: 2,
      border: 0,
      py: 0.75,
      px: 2,
      textAlign: 'right',
      overflowWrap: 'anywhere',
    },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      fontWeight: 600,
      color: theme.palette.text.secondary,
      textAlign: 'left',
    },
  },
});
