import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router-dom';
import { activeNavItemSx } from '../components/navItemStyles';
import { copy } from '../config/copy';
import { paths } from '../config/paths';

interface MenuItem {
  label: string;
  to: string;
  /** How many unread things wait there (messages), shown after the label. */
  unread?: number;
}

export function dashboardMenu(isAdmin: boolean, isSeller: boolean, signedIn = false, unreadMessages = 0): MenuItem[] {
  return [
    { label: copy.menu.myOrders, to: paths.dashboard },
    ...(signedIn
      ? [
          { label: copy.chat.title, to: paths.messages, unread: unreadMessages },
          { label: copy.menu.favourites, to: paths.favourites },
          { label: copy.menu.wanted, to: paths.wanted },
          { label: copy.menu.bundles, to: paths.bundles },
          { label: copy.menu.offers, to: paths.offers },
        ]
      : []),
    ...(isAdmin
      ? [
          { label: copy.menu.allSeller, to: paths.allSeller },
          { label: copy.menu.allBuyer, to: paths.allBuyer },
          { label: copy.menu.disputes, to: paths.disputes },
          { label: copy.menu.payouts, to: paths.payouts },
          { label: copy.menu.reports, to: paths.reports },
          { label: copy.menu.insight, to: paths.insight },
        ]
      : []),
    ...(isSeller
      ? [
          { label: copy.menu.addProduct, to: paths.addProducts },
          { label: copy.menu.myProducts, to: paths.myProducts },
          { label: copy.menu.inventory, to: paths.inventory },
          { label: copy.menu.myBuyer, to: paths.myBuyer },
          { label: copy.menu.myEarnings, to: paths.earnings },
          { label: copy.menu.stats, to: paths.stats },
          { label: copy.menu.shopPolicy, to: paths.shopPolicy },
        ]
      : []),
  ];
}

/** The side menu's links; the current page's is marked (`aria-current="page"`, bold, a bar). */
export function DashboardMenuList({ items, onChoose }: { items: MenuItem[]; onChoose?: () => void }) {
  return (
    <List>
      {items.map((item) => (
        <ListItem key={item.to} disablePadding>
          <ListItemButton
            component={NavLink}
            to={item.to}
            end
            onClick={onChoose}
            // On a wide screen the whole menu (an admin who sells has 19 links) fits beside the page.
            sx={{ ...activeNavItemSx, py: { md: 0.25 }, '& .MuiListItemText-root': { my: { md: 0 } } }}
            // The count is said with its meaning ("Messages, 2 unread"), not as a bare number.
            aria-label={item.unread ? `${item.label}, ${copy.chat.unread(item.unread)}` : undefined}
          >
            <ListItemText primary={item.label} />
            {item.unread ? (
              <Box
                component="span"
                aria-hidden
                sx={{ ml: 1, px: 1, borderRadius: 4, bgcolor: 'error.main', color: 'error.contrastText', fontSize: '0.75rem', fontWeight: 700 }}
              >
                {item.unread}
              </Box>
            ) : null}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
