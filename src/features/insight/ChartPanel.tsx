import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { insightCopy } from './copy';
import { CsvButton } from './CsvButton';
import type { CsvFile } from './insightApi';

interface Props {
  title: string;
  /** The chart; drawn only when shown. */
  chart(): ReactNode;
  /** The same numbers as a table; null when there is no row to show. */
  table: ReactNode;
  /** Nothing to draw (a new shop, a quiet period): this sentence instead of an empty chart. */
  empty?: string;
  csv: CsvFile;
}

/**
 * A chart in its own titled section, with a "Show as table" switch that gives the same numbers as
 * a table, and the table's CSV to download.
 */
export function ChartPanel({ title, chart, table, empty, csv }: Props) {
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2, mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        <FormControlLabel control={<Switch checked={asTable} onChange={(event) => setAsTable(event.target.checked)} />} label={insightCopy.showTable} />
      </Stack>
      <Box sx={{ mb: 1.5 }}>
        {asTable && table !== null ? table : empty ? <Typography color="text.secondary">{empty}</Typography> : chart()}
      </Box>
      <CsvButton file={csv} />
    </Paper>
  );
}
