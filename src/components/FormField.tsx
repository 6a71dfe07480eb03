import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type FocusEvent, type ReactNode } from 'react';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The outlined field of the public forms, composed from MUI's parts as MUI's own docs compose one
 * (FormControl, InputLabel, OutlinedInput, FormHelperText). It renders what `TextField` renders,
 * but `TextField` imports every variant and the menu select with it (Select, Menu, Popover, Modal,
 * focus trap, transitions): code a log-in or sign-up page would download and evaluate for nothing.
 */
export interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  onBlur?: (event: FocusEvent<FieldElement>) => void;
  type?: string;
  autoComplete?: string;
  error?: boolean;
  /** Shown under the field and named by it as its description. */
  helperText?: ReactNode;
}

function FieldFrame({ label, error, helperText, children }: { label: string; error?: boolean; helperText?: ReactNode; children: (ids: { id: string; helperTextId?: string }) => ReactNode }) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      {children({ id, helperTextId })}
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

export function FormTextField({ label, error, helperText, ...input }: FormFieldProps) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText}>
      {({ id, helperTextId }) => <OutlinedInput id={id} label={label} aria-describedby={helperTextId} {...input} />}
    </FieldFrame>
  );
}

/** The browser's own select (a phone's picker), outlined like the text fields. Children are `<option>`s. */
export function FormSelectField({ label, error, helperText, children, ...input }: Omit<FormFieldProps, 'type' | 'autoComplete'> & { children: ReactNode }) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText}>
      {({ id, helperTextId }) => (
        <NativeSelect input={<OutlinedInput label={label} />} inputProps={{ id, 'aria-describedby': helperTextId }} {...input}>
          {children}
        </NativeSelect>
      )}
    </FieldFrame>
  );
}
