import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEvent, type FocusEvent, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The outlined field of every form in the app, composed from MUI's parts as MUI's own docs
 * compose one (FormControl, InputLabel, OutlinedInput, FormHelperText). It renders what
 * `TextField` renders, but `TextField` imports every variant and the menu select with it (Select,
 * Menu, Popover, Modal, focus trap, transitions): code the forms' pages would download and
 * evaluate for nothing.
 */
export interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  /** Left out only for a field that cannot change (`readOnly` or `disabled`). */
  onChange?: (event: ChangeEvent<FieldElement>) => void;
  onBlur?: (event: FocusEvent<FieldElement>) => void;
  /** A key the field itself answers (Enter looking an ISBN up rather than sending the form). */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: string;
  autoComplete?: string;
  error?: boolean;
  /** Shown under the field and named by it as its description. */
  helperText?: ReactNode;
  /** Shown and sent, but not to be changed (the booking's book and price). */
  readOnly?: boolean;
  /** Shown greyed out, not sent. */
  disabled?: boolean;
  /** Marked with an asterisk in the label, and `required` on the field. */
  required?: boolean;
  /** Which keyboard a phone shows, e.g. `decimal` for a price. */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** For `type="number"`: the smallest value and the step the browser's controls take. */
  min?: number;
  step?: number;
  /** A text area, at least `minRows` high. */
  multiline?: boolean;
  minRows?: number;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

interface FrameProps extends Pick<FormFieldProps, 'label' | 'error' | 'helperText' | 'size' | 'sx' | 'disabled' | 'required'> {
  /** The label stays on the border: a select always shows its chosen option, even an empty one. */
  shrinkLabel?: boolean;
  children: (ids: { id: string; helperTextId?: string }) => ReactNode;
}

function FieldFrame({ label, error, helperText, size, sx, disabled, required, shrinkLabel, children }: FrameProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    // The control hands `disabled` and `required` to its label and its field alike.
    <FormControl variant="outlined" error={error} size={size} sx={sx} disabled={disabled} required={required}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      {children({ id, helperTextId })}
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

export function FormTextField({ label, error, helperText, size, sx, disabled, required, inputMode, min, step, ...input }: FormFieldProps) {
  const inputProps = inputMode === undefined && min === undefined && step === undefined ? undefined : { inputMode, min, step };
  return (
    <FieldFrame label={label} error={error} helperText={helperText} size={size} sx={sx} disabled={disabled} required={required}>
      {({ id, helperTextId }) => <OutlinedInput id={id} label={label} aria-describedby={helperTextId} inputProps={inputProps} {...input} />}
    </FieldFrame>
  );
}

/** The browser's own select (a phone's picker), outlined like the text fields. Children are `<option>`s. */
export function FormSelectField({
  label,
  error,
  helperText,
  size,
  sx,
  disabled,
  required,
  children,
  ...input
}: Omit<FormFieldProps, 'type' | 'autoComplete' | 'readOnly' | 'inputMode' | 'min' | 'step' | 'multiline' | 'minRows' | 'onKeyDown'> & {
  children: ReactNode;
}) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText} size={size} sx={sx} disabled={disabled} required={required} shrinkLabel>
      {({ id, helperTextId }) => (
        <NativeSelect input={<OutlinedInput label={label} notched />} inputProps={{ id, 'aria-describedby': helperTextId }} {...input}>
          {children}
        </NativeSelect>
      )}
    </FieldFrame>
  );
}
