import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type PointerEvent } from 'react';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { productToasts } from './toasts';
import { productsCopy } from './copy';
import { isAcceptedImage } from './imageFiles';
import type { PhotoUploadState } from './photoUploadsSlice';
import type { ProductPhoto } from './productPhotos';
import { REORDER_INDEX } from './usePointerReorder';

/** A local URL for the chosen file, released when the file changes or the card goes away. */
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

export const THUMB_PX = 112;
const thumbSx = { display: 'block', width: THUMB_PX, height: THUMB_PX, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' } as const;

/** The controls of a card, named so that the list can put the focus back on one after a move. */
export type PhotoControl = 'earlier' | 'later' | 'remove';

interface Props {
  photo: ProductPhoto;
  place: number;
  total: number;
  /** Why this file cannot be sent (a wrong type, too large). */
  problem?: string;
  /** Its upload in the save under way, or the one that failed. */
  upload?: PhotoUploadState;
  disabled: boolean;
  /** Carried by a drag, or where a drag would put the carried one. */
  dragged: boolean;
  dropTarget: boolean;
  handleProps: {
    onPointerDown(event: PointerEvent<HTMLElement>): void;
    onPointerMove(event: PointerEvent<HTMLElement>): void;
    onPointerUp(): void;
    onPointerCancel(): void;
  };
  onMove(to: number): void;
  onRemove(): void;
  onRetry(): void;
}

/** One photo of the listing: its thumbnail (the handle a pointer drags), its state in words, and its controls. */
export function PhotoCard({ photo, place, total, problem, upload, disabled, dragged, dropTarget, handleProps, onMove, onRemove, onRetry }: Props) {
  const file = 'file' in photo ? photo.file : null;
  const previewUrl = useObjectUrl(file);
  const first = place === 0;
  const last = place === total - 1;
  // At either end a move button stays focusable (the focus stays where the keyboard left it) but does nothing.
  const moveProps = (control: PhotoControl, atEnd: boolean, to: number) => ({
    'data-control': control,
    disabled,
    'aria-disabled': atEnd || undefined,
    className: atEnd ? 'Mui-disabled' : undefined,
    onClick: () => {
      if (!atEnd) onMove(to);
    },
  });

  let thumbnail;
  if (file) {
    // Only a file the shop takes gets a preview: anything else would show a broken image.
    thumbnail =
      previewUrl && isAcceptedImage(file) ? (
        <ResponsiveImage src={previewUrl} alt={productsCopy.preview} draggable={false} sx={thumbSx} />
      ) : (
        <Box sx={{ ...thumbSx, display: 'grid', placeItems: 'center' }}>
          <BrokenImageIcon color="disabled" />
        </Box>
      );
  } else if ('url' in photo) {
    const alt = photo.origin === 'found' ? productsCopy.cover : productsCopy.currentImage;
    thumbnail = <ResponsiveImage src={photo.url} alt={alt} sizes={`${THUMB_PX}px`} draggable={false} sx={thumbSx} />;
  }

  return (
    <Box
      component="li"
      {...{ [REORDER_INDEX]: place }}
      data-photo-id={photo.id}
      aria-label={productsCopy.photo(place + 1, total)}
      sx={{
        width: THUMB_PX + 16,
        p: 1,
        display: 'grid',
        gap: 0.5,
        alignContent: 'start',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        opacity: dragged ? 0.5 : 1,
        // Where the photo would land: a dashed frame, not a colour alone.
        outline: dropTarget && !dragged ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: 2,
      }}
    >
      <Box {...handleProps} sx={{ position: 'relative', touchAction: 'none', cursor: disabled ? 'default' : dragged ? 'grabbing' : 'grab' }}>
        {thumbnail}
        {first && (
          <Typography
            component="span"
            variant="caption"
            sx={{ position: 'absolute', top: 4, left: 4, px: 0.75, borderRadius: 1, fontWeight: 700, bgcolor: 'background.paper', border: 1 }}
          >
            {productsCopy.coverTag}
          </Typography>
        )}
      </Box>
      {file && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {productsCopy.chosenImage(file.name)}
        </Typography>
      )}
      {problem && (
        <Typography variant="body2" color="error">
          {problem}
        </Typography>
      )}
      {upload && upload.status !== 'failed' && (
        <LinearProgress variant="determinate" value={upload.percent ?? 0} aria-label={productsCopy.photo(place + 1, total)} />
      )}
      {upload?.status === 'failed' && (
        <>
          <Typography variant="body2" color="error">
            {productToasts.uploadFailed}
          </Typography>
          <Button size="small" variant="outlined" disabled={disabled} onClick={onRetry}>
            {productsCopy.retryUpload}
          </Button>
        </>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <IconButton size="small" aria-label={productsCopy.moveEarlier} title={productsCopy.moveEarlier} {...moveProps('earlier', first, place - 1)}>
          <ArrowBackIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={productsCopy.moveLater} title={productsCopy.moveLater} {...moveProps('later', last, place + 1)}>
          <ArrowForwardIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={productsCopy.removePhoto} title={productsCopy.removePhoto} data-control="remove" disabled={disabled} onClick={onRemove}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}
