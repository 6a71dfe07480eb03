import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useId, useState, type ReactNode } from 'react';

interface Props {
  /** The button's words; it says itself whether it is open (`aria-expanded`). */
  label: string;
  children: ReactNode;
}

/**
 * A small button that shows or hides what it names, right under it; closed at first. What it
 * hides is not rendered until opened, so a long list of them costs little.
 */
export function Disclosure({ label, children }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : undefined }} />}
        sx={{ ml: -0.5, px: 0.5 }}
      >
        {label}
      </Button>
      <Box id={id} hidden={!open} sx={{ pt: 0.5 }}>
        {open && children}
      </Box>
    </div>
  );
}
