import Box from '@mui/material/Box';
import { useNavigation } from 'react-router-dom';
import { PageProgress } from '../components/PageProgress';

/** A thin bar while the next page's code or data loads. */
export function RouteProgress() {
  const navigation = useNavigation();
  return (
    <Box sx={{ height: 4 }}>{navigation.state === 'loading' && <PageProgress />}</Box>
  );
}
