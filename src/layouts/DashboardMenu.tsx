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
}

export function dashboardMenu(isAdmin: boolean, isSeller: boolean, signedIn = false): MenuItem[] {
  return [
    { label: copy.menu.myOrders, to: paths.dashboard },
    ...(signedIn
      ? [
          { label: copy.menu.favourites, to: paths.favourites },
          { label: copy.menu.wanted, to: paths.wanted },
        ]
      : []),
    ...(isAdmin
      ? [
          { label: copy.menu.allSeller, to: paths.allSeller },
          { label: copy.menu.allBuyer, to: paths.allBuyer },
          { label: copy.menu.disputes, to: paths.disputes },
          { label: copy.menu.payouts, to: paths.payouts },
        ]
      : []),
    ...(isSeller
      ? [
          { label: copy.menu.addProduct, to: paths.addProducts },
          { label: copy.menu.myProducts, to: paths.myProducts },
          { label: copy.menu.myBuyer, to: paths.myBuyer },
          { label: copy.menu.myEarnings, to: paths.earnings },
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
          <ListItemButton component={NavLink} to={item.to} end onClick={onChoose} sx={activeNavItemSx}>
            <ListItemText primary={item.label} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
