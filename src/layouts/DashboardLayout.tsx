import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { NavLink, Outlet } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { AppNavbar } from './AppNavbar';
import { copy } from '../config/copy';
import { paths } from '../config/paths';
import { selectIsAdmin, selectIsSeller } from '../features/roles/roleSlice';

interface MenuItem {
  label: string;
  to: string;
}

export function dashboardMenu(isAdmin: boolean, isSeller: boolean): MenuItem[] {
  return [
    { label: copy.menu.myOrders, to: paths.dashboard },
    ...(isAdmin
      ? [
          { label: copy.menu.allSeller, to: paths.allSeller },
          { label: copy.menu.allBuyer, to: paths.allBuyer },
        ]
      : []),
    ...(isSeller
      ? [
          { label: copy.menu.addProduct, to: paths.addProducts },
          { label: copy.menu.myProducts, to: paths.myProducts },
          { label: copy.menu.myBuyer, to: paths.myBuyer },
        ]
      : []),
  ];
}

export function DashboardLayout() {
  const isAdmin = useAppSelector(selectIsAdmin);
  const isSeller = useAppSelector(selectIsSeller);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppNavbar />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, p: 2, flex: 1 }}>
        <Paper component="nav" aria-label="dashboard" sx={{ width: { md: 240 }, flexShrink: 0, alignSelf: 'flex-start' }}>
          <List>
            {dashboardMenu(isAdmin, isSeller).map((item) => (
              <ListItemButton key={item.to} component={NavLink} to={item.to} end>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
