import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { copy } from '../config/copy';
import { onDarkSurface } from '../theme/focusRing';
import { activeNavItemSx } from './navItemStyles';
import type { NavLinkItem } from './Navbar';

interface Props {
  id: string;
  links: NavLinkItem[];
  search?: ReactNode;
  onClose(): void;
}

const phoneOnly = (theme: Theme) => ({ display: 'none', [theme.breakpoints.down('sm')]: { display: 'block' } });

/** The bar's links on narrow screens: a drawer from the right, closed by a choice or Escape. */
export function NavMenuDrawer({ id, links, search, onClose }: Props) {
  return (
    <Drawer open anchor="right" onClose={onClose} slotProps={{ paper: { id, sx: { width: 280, maxWidth: '85vw' } } }}>
      <Box component="nav" aria-label={copy.nav.menu} sx={{ p: 2, display: 'grid', gap: 2 }}>
        {search && (
          <Box sx={(theme) => ({ ...phoneOnly(theme), bgcolor: 'primary.main', color: 'common.white', borderRadius: 1, p: 0.5, ...onDarkSurface })}>
            {search}
          </Box>
        )}
        <List disablePadding>
          {links.map((link) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton component={NavLink} to={link.to} end onClick={onClose} sx={activeNavItemSx}>
                <ListItemText primary={link.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
