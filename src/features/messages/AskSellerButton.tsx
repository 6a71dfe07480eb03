import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { accessTokenSubject } from '../../lib/accessTokenSubject';
import { messagesCopy } from './copy';

// The dialog and its form's libraries come when the button shows, ahead of the click.
const loadDialog = () => import('./AskSellerDialog');
const AskSellerDialog = lazy(loadDialog);

interface Props {
  bookId: string;
  bookName: string;
  sellerId: string | null;
}

/**
 * "Ask the seller", on a book's page, for a signed-in reader who is not its seller. The book page
 * renders it only once it is live in the browser and someone is signed in (never in the server's HTML).
 */
export default function AskSellerButton({ bookId, bookName, sellerId }: Props) {
  const [open, setOpen] = useState(false);
  const own = !sellerId || sellerId === accessTokenSubject();
  useEffect(() => {
    if (!own) void loadDialog().catch(() => undefined);
  }, [own]);
  if (own) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="outlined" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {messagesCopy.ask}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AskSellerDialog bookId={bookId} bookName={bookName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
