import Box from '@mui/material/Box';
import { visuallyHidden } from '../../lib/visuallyHidden';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { inventoryWords } from './inventoryWords';

/**
 * Pick a file with the button (keyboard and screen readers use it), or drop one anywhere on the
 * box. Calls `onFile` with the first file either way.
 */
export function FileDrop({ disabled, onFile }: { disabled: boolean; onFile(file: File): void }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <Box
      data-testid="inventory-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: 2, borderStyle: 'dashed', borderRadius: 2, p: 3, textAlign: 'center',
        borderColor: over ? 'primary.main' : 'divider', bgcolor: over ? 'action.hover' : 'transparent',
      }}
    >
      <Box
        component="input"
        ref={input}
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
        aria-label={inventoryWords.upload.file}
        aria-describedby={hintId}
        // The button takes the focus: one tab stop for one control.
        tabIndex={-1}
        sx={visuallyHidden}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button variant="contained" startIcon={<UploadFileIcon aria-hidden />} aria-disabled={disabled} onClick={() => !disabled && input.current?.click()}>
        {inventoryWords.upload.choose}
      </Button>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {inventoryWords.upload.drop}
      </Typography>
    </Box>
  );
}
