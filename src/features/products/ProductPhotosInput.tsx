import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { productsCopy } from './copy';
import { IMAGE_TYPES } from '../../config/uploads';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { PhotoCard, type PhotoControl } from './PhotoCard';
import type { PhotoUploadState } from './photoUploadsSlice';
import { chosenPhoto, MAX_PHOTOS, movePhoto, type ProductPhoto } from './productPhotos';
import { usePointerReorder } from './usePointerReorder';

interface Props {
  id: string;
  photos: ProductPhoto[];
  /** Per photo, why its file cannot be sent. */
  problems?: readonly (string | undefined)[];
  /** Why the photos as a whole will not do (none chosen). */
  error?: string;
  /** The uploads of the save under way (or the one that failed), by photo id. */
  uploads?: Readonly<Record<string, PhotoUploadState>>;
  disabled?: boolean;
  onChange(photos: ProductPhoto[]): void;
  /** Try the save again: what is already up is not sent again. */
  onRetry(): void;
}

type Focus = { id: string; control: PhotoControl } | 'choose';

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified && a.type === b.type;

const NO_PROBLEMS: readonly (string | undefined)[] = [];
const NO_UPLOADS: Readonly<Record<string, PhotoUploadState>> = {};

/**
 * The listing's photos, up to six, the first the cover: chosen with one button (several at a
 * time), reordered by dragging a thumbnail or with each card's Move earlier / Move later, and
 * removed. Every move is said in a polite live region.
 */
export function ProductPhotosInput({ id, photos, problems = NO_PROBLEMS, error, uploads = NO_UPLOADS, disabled = false, onChange, onRetry }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [moved, setMoved] = useState('');
  const [refused, setRefused] = useState(false);
  // Where the keyboard's focus goes once the list has changed under it.
  const nextFocus = useRef<Focus | null>(null);

  const move = (from: number, to: number) => {
    onChange(movePhoto(photos, from, to));
    setMoved(productsCopy.photoMoved(from + 1, photos.length, to + 1));
  };
  const { listRef, drag, handleProps } = usePointerReorder(move, disabled);

  const add = (chosen: File[]) => {
    // A file already among the photos (chosen twice) is not taken twice.
    const files = chosen.filter((file) => !photos.some((photo) => 'file' in photo && sameFile(photo.file, file)));
    const room = MAX_PHOTOS - photos.length;
    setRefused(files.length > room);
    if (room > 0 && files.length > 0) onChange([...photos, ...files.slice(0, room).map(chosenPhoto)]);
  };
  const remove = (index: number) => {
    const next = photos[index + 1] ?? photos[index - 1];
    nextFocus.current = next ? { id: next.id, control: 'remove' } : 'choose';
    setRefused(false);
    onChange(photos.filter((_, at) => at !== index));
  };
  const choose = () => {
    // A full list says so at once rather than opening a picker for nothing.
    if (photos.length >= MAX_PHOTOS) setRefused(true);
    else inputRef.current?.click();
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    add(Array.from(event.currentTarget.files ?? []));
    // The same file can be chosen again after it was removed.
    event.currentTarget.value = '';
  };

  useLayoutEffect(() => {
    const focus = nextFocus.current;
    nextFocus.current = null;
    if (focus === 'choose') chooseRef.current?.focus();
    else if (focus) listRef.current?.querySelector<HTMLElement>(`[data-photo-id="${focus.id}"] [data-control="${focus.control}"]`)?.focus();
  }, [photos, listRef]);

  const labelId = `${id}-label`;
  const helperId = `${id}-helper`;
  const helper = refused ? productsCopy.tooManyPhotos : (error ?? productsCopy.imageRules);

  return (
    <FormControl error={Boolean(error) || refused} disabled={disabled} sx={{ gap: 1, alignItems: 'flex-start' }}>
      <FormLabel id={labelId} htmlFor={id}>
        {productsCopy.image}
      </FormLabel>
      {/* A real button opens the picker, so it works from the keyboard too. */}
      <Button ref={chooseRef} variant="outlined" startIcon={<UploadIcon />} disabled={disabled} onClick={choose}>
        {productsCopy.chooseImage}
      </Button>
      <Box
        component="input"
        ref={inputRef}
        id={id}
        type="file"
        multiple
        accept={IMAGE_TYPES.join(',')}
        aria-labelledby={labelId}
        aria-describedby={helperId}
        aria-invalid={Boolean(error)}
        // The button takes the focus: one tab stop for one control.
        tabIndex={-1}
        disabled={disabled}
        onChange={handleChange}
        sx={visuallyHidden}
      />
      {photos.length > 0 && (
        <Box component="ol" ref={listRef} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {photos.map((photo, place) => (
            <PhotoCard
              key={photo.id}
              photo={photo}
              place={place}
              total={photos.length}
              problem={problems[place]}
              upload={uploads[photo.id]}
              disabled={disabled}
              dragged={drag?.from === place}
              dropTarget={drag !== null && drag.over === place}
              handleProps={handleProps(place)}
              onMove={(to) => {
                nextFocus.current = { id: photo.id, control: to < place ? 'earlier' : 'later' };
                move(place, to);
              }}
              onRemove={() => remove(place)}
              onRetry={onRetry}
            />
          ))}
        </Box>
      )}
      {/* Said when it changes: what is missing, or that a seventh photo was refused. */}
      <FormHelperText id={helperId} aria-live="polite">
        {helper}
      </FormHelperText>
      <Box aria-live="polite" sx={visuallyHidden}>
        {moved}
      </Box>
    </FormControl>
  );
}
