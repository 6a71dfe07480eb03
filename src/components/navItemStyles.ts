/**
 * The current page's item in a menu of links (NavLink marks it with `aria-current="page"`):
 * a bar on the left and bold text, so it is told apart without relying on colour alone.
 */
export const activeNavItemSx = {
  borderLeft: '4px solid transparent',
  '&[aria-current="page"]': {
    borderLeftColor: 'primary.main',
    bgcolor: 'action.selected',
    '& .MuiListItemText-primary': { fontWeight: 700 },
  },
} as const;
