import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { changeOf, formatFigure, type FigureKind } from './figures';

/** One card: a total of the period and how it moved since the period before. */
export interface StatCard {
  key: string;
  label: string;
  kind: FigureKind;
  now: number;
  /** Leave out for a figure with no previous period to compare with (payouts waiting now). */
  previous?: number;
  /** What the figure counts, when its name alone does not say. */
  hint?: string;
  /** Said in place of the figure (e.g. "2 payouts, $40.00"). */
  text?: string;
}

const changeColour = { up: 'success.dark', down: 'error.dark', same: 'text.secondary', new: 'info.dark' } as const;

/**
 * The period's totals as a list of cards. The change reads "+12 %" on screen; a screen reader
 * hears it in words ("Up 12 % on the previous 30 days").
 */
export function StatCards({ cards, days, label }: { cards: StatCard[]; days: number; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(10.5rem, 1fr))' }}
    >
      {cards.map((card) => {
        const change = card.previous === undefined ? undefined : changeOf(card.now, card.previous, card.kind, days);
        return (
          <Paper component="li" key={card.key} variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
            <Typography component="span" variant="body2" color="text.secondary">
              {card.label}
            </Typography>
            <Typography component="span" sx={{ fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.3 }}>
              {card.text ?? formatFigure(card.now, card.kind)}
            </Typography>
            {change && (
              <Typography component="span" variant="body2" sx={{ color: changeColour[change.direction], fontWeight: 600 }}>
                <span aria-hidden>{change.text}</span>
                <Box component="span" sx={visuallyHidden}>
                  {change.words}
                </Box>
              </Typography>
            )}
            {card.hint && (
              <Typography component="span" variant="caption" color="text.secondary">
                {card.hint}
              </Typography>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}
