import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { copy } from '../../config/copy';
import { IMAGE_TYPES } from '../../config/uploads';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { isAcceptedImage } from './imageFiles';

/** A local URL for the chosen file, released when the file changes or the form goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    let created: string | null = null;
    try {
      created = URL.createObjectURL(file);
    } catch {
      // No preview where the environment cannot make one; the file name still shows.
    }
    setUrl(created);
    return () => {
      if (created) URL.revokeObjectURL(created);
    };
  }, [file]);
  return url;
}


interface Props {
  id: string;
  file: File | null;
  /** A photo already on the image host (a looked-up cover, an edited listing's own): kept unless a file is chosen. */
  kept?: { url: string; alt: string } | null;
  error?: string;
  disabled?: boolean;
  onChange(file: File | null): void;
}

const previewSx = { width: 72, height: 72, objectFit: 'cover', borderRadius: 1, overflow: 'hidden', flexShrink: 0 } as const;

/** One image file, with its name and a small preview once chosen; or the photo kept until one is. */
export function ProductImageInput({ id, file, kept, error, disabled, onChange }: Props) {
  const previewUrl = useObjectUrl(file);
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = `${id}-label`;
  const helperId = `${id}-helper`;
  const rulesId = `${id}-rules`;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.files?.[0] ?? null);

  return (
    <FormControl error={Boolean(error)} disabled={disabled} sx={{ gap: 1, alignItems: 'flex-start' }}>
      <FormLabel id={labelId} htmlFor={id}>
        {copy.products.image}
      </FormLabel>
      {/* A real button opens the picker, so it works from the keyboard too. */}
      <Button variant="outlined" startIcon={<UploadIcon />} disabled={disabled} onClick={() => inputRef.current?.click()}>
        {copy.products.chooseImage}
      </Button>
      <Box
        component="input"
        ref={inputRef}
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        aria-labelledby={labelId}
        aria-describedby={error ? helperId : rulesId}
        aria-invalid={Boolean(error)}
        // The button takes the focus: one tab stop for one control.
        tabIndex={-1}
        disabled={disabled}
        onChange={handleChange}
        sx={visuallyHidden}
      />
      {file && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          {/* Only a file the shop takes gets a preview: anything else would show a broken image. */}
          {previewUrl && isAcceptedImage(file) && <Box component="img" src={previewUrl} alt={copy.products.preview} sx={previewSx} />}
          <Typography variant="body2">{copy.products.chosenImage(file.name)}</Typography>
        </Box>
      )}
      {!file && kept && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box component="img" src={kept.url} alt={kept.alt} sx={previewSx} />
          <Typography variant="body2">{copy.products.keepImage}</Typography>
        </Box>
      )}
      {error ? (
        <FormHelperText id={helperId}>{error}</FormHelperText>
      ) : (
        <FormHelperText id={rulesId}>{copy.products.imageRules}</FormHelperText>
      )}
    </FormControl>
  );
}
