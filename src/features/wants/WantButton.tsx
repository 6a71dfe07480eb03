import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/baseApi';
import { useAppSelector } from '../../app/hooks';
import { copy } from '../../config/copy';
import { wantsCopy } from './copy';
import { paths } from '../../config/paths';
import { isIsbn } from '../../lib/isbn';
import { useHydrated } from '../../lib/useHydrated';
import { selectAuthStatus } from '../auth/authSlice';
import type { FromState } from '../roles/guards';
import { wantOfSearch, type WantedSearch } from './wantWords';
import { useCreateWantMutation } from './wantsApi';

// The dialog and its form's libraries come when an ISBN search asks for them.
const WantIsbnDialog = lazy(() => import('./WantIsbnDialog'));

/**
 * "Tell me when it's listed", under a search that found nothing: saves the search as a want (an
 * ISBN search first asks for the most the buyer would pay). A visitor logs in first and comes back.
 * Disabled until the app is live and knows the session.
 */
export function WantButton({ search }: { search: WantedSearch }) {
  const status = useAppSelector(selectAuthStatus);
  const signedIn = status === 'signed-in';
  // The search page may arrive as HTML before the app: a click then would be lost, and until the
  // session is known a buyer who is signed in would be sent to log in. It waits, as Book Now does.
  const ready = useHydrated() && status !== 'loading';
  const navigate = useNavigate();
  const location = useLocation();
  const [createWant, saving] = useCreateWantMutation();
  const [askingPrice, setAskingPrice] = useState(false);

  const tellMe = () => {
    if (!signedIn) void navigate(paths.login, { state: { from: `${location.pathname}${location.search}` } satisfies FromState });
    else if (isIsbn(search.q)) setAskingPrice(true);
    else void createWant(wantOfSearch(search));
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="contained" onClick={tellMe} disabled={!ready || saving.isLoading || saving.isSuccess}>
        {wantsCopy.tellMe}
      </Button>
      {!askingPrice && saving.isError && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {errorMessage(saving.error, copy.errors.generic)}
        </Typography>
      )}
      {askingPrice && (
        <Suspense fallback={null}>
          <WantIsbnDialog
            isbn={search.q}
            saving={saving.isLoading}
            error={saving.isError ? errorMessage(saving.error, copy.errors.generic) : null}
            onSave={async (maxPrice) => {
              await createWant({ isbn: search.q, ...(maxPrice ? { maxPrice } : {}) }).unwrap();
              setAskingPrice(false);
            }}
            onClose={() => {
              saving.reset();
              setAskingPrice(false);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
