import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { reportsCopy } from './copy';
import { reportToasts } from './toasts';
import { paths } from '../../config/paths';
import { formatMoment } from '../../lib/orders';
import type { AdminReport, ModerationAction } from './types';

/** What a row's buttons ask for: a decision, confirmed in a dialog with a reason. */
export type OnDecide = (report: AdminReport, action: ModerationAction | 'reinstate') => void;

const secondary = { color: 'text.secondary', fontSize: '0.8rem', overflowWrap: 'anywhere' } as const;
const stack = { display: 'grid', gap: 0.5, justifyItems: 'start', minWidth: 0, py: 0.5 } as const;

const STATE_COLORS = { open: 'warning', actioned: 'success', dismissed: 'default' } as const;

/** What was reported: its kind, its words or name (hidden or not), and for a message a way to its thread. */
export function ReportedCell({ report }: { report: AdminReport }) {
  const { kind, target } = report;
  return (
    <Box sx={stack}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        <Chip size="small" variant="outlined" label={reportsCopy.kinds[kind]} />
        {target.hidden && <Chip size="small" color="warning" label={reportsCopy.hidden} />}
      </Box>
      <Box sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {kind === 'book' && !target.hidden ? (
          <Link component={RouterLink} to={paths.book(report.targetId)}>
            {target.summary}
          </Link>
        ) : (
          target.summary
        )}
      </Box>
      {kind === 'message' && target.threadId && (
        <Link component={RouterLink} to={paths.thread(target.threadId)}>
          {reportsCopy.thread}
        </Link>
      )}
    </Box>
  );
}

/** The reported user (or the author of what was reported): suspended or not, and the way to lift it. */
export function UserCell({ report, onDecide }: { report: AdminReport; onDecide: OnDecide }) {
  const { user } = report;
  if (!user) return null;
  return (
    <Box sx={stack}>
      <span>{user.name}</span>
      <Box component="span" sx={secondary}>
        {user.email}
      </Box>
      {user.suspended && (
        <>
          <Chip size="small" color="error" label={reportsCopy.suspended} />
          <Button size="small" variant="outlined" onClick={() => onDecide(report, 'reinstate')}>
            {reportsCopy.lift}
          </Button>
        </>
      )}
    </Box>
  );
}

export function ReporterCell({ report }: { report: AdminReport }) {
  return (
    <Box sx={stack}>
      <span>{report.reporter.name}</span>
      <Box component="span" sx={secondary}>
        {report.reporter.email}
      </Box>
    </Box>
  );
}

/** Why, in the reporter's choice and (if they wrote any) their words. */
export function ReasonCell({ report }: { report: AdminReport }) {
  return (
    <Box sx={stack}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {reportsCopy.reasons[report.reason]}
      </Box>
      {report.text && <Box sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{report.text}</Box>}
    </Box>
  );
}

export function StateCell({ report }: { report: AdminReport }) {
  return <Chip size="small" color={STATE_COLORS[report.state]} label={reportsCopy.states[report.state]} />;
}

/** Every decision taken on the report, oldest first: what, by whom, when and why. */
export function HistoryCell({ report }: { report: AdminReport }) {
  if (report.actions.length === 0) return null;
  return (
    <Box component="ol" sx={{ m: 0, py: 0.5, pl: 2, display: 'grid', gap: 0.5 }}>
      {report.actions.map((taken) => (
        <Box component="li" key={`${taken.action}-${taken.at}`} sx={{ overflowWrap: 'anywhere' }}>
          {reportsCopy.past(reportToasts.done[taken.action], taken.by.name, formatMoment(taken.at), taken.reason)}
        </Box>
      ))}
    </Box>
  );
}

/**
 * What an admin may do now: hide what was reported (a listing, message or review, not yet
 * hidden), suspend or delete the user behind it, dismiss an open report.
 */
export function ActionsCell({ report, onDecide }: { report: AdminReport; onDecide: OnDecide }) {
  const offered: ModerationAction[] = [
    ...(report.kind !== 'user' && !report.target.hidden ? (['hide'] as const) : []),
    ...(report.user && !report.user.suspended ? (['suspend'] as const) : []),
    ...(report.user ? (['delete'] as const) : []),
    ...(report.state === 'open' ? (['dismiss'] as const) : []),
  ];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 0.5 }}>
      {offered.map((action) => (
        <Button
          key={action}
          size="small"
          variant="outlined"
          color={action === 'suspend' || action === 'delete' ? 'error' : 'primary'}
          onClick={() => onDecide(report, action)}
        >
          {reportsCopy.moves[action]}
        </Button>
      ))}
    </Box>
  );
}
