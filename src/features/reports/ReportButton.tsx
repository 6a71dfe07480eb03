import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { reportsCopy } from './copy';
import { useHydrated } from '../../lib/useHydrated';
import type { ReportKind } from './types';
import { selectAuthStatus } from '../auth/authSlice';

// The form (and its form library) loads when someone opens it, not with the page.
const ReportDialog = lazy(() => import('./ReportDialog').then((module) => ({ default: module.ReportDialog })));

export interface ReportButtonProps {
  kind: ReportKind;
  /** The id of what is reported: a book's, a user's, a message's or a review's. */
  id: string;
  /** The button's words; by default "Report this book" and so on. */
  label?: string;
  /** The element that names what is reported (a title), read after the button's name. */
  describedBy?: string;
}

/**
 * "Report this …" and its dialog, for signed-in users only. Shown once the app is live, so a page
 * rendered on the server (where nobody is signed in) hydrates the same markup.
 */
export function ReportButton({ kind, id, label, describedBy }: ReportButtonProps) {
  const signedIn = useAppSelector(selectAuthStatus) === 'signed-in';
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so it closes with its transition and gives the focus back.
  const [opened, setOpened] = useState(false);
  if (!hydrated || !signedIn) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<OutlinedFlagIcon />}
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        sx={{ color: 'text.secondary' }}
      >
        {label ?? reportsCopy.report[kind]}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ReportDialog kind={kind} id={id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
