import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { useId, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { messagesCopy } from './copy';
import { isSendKey, MESSAGE_MAX, messageLength } from './messageText';

interface Props {
  label: string;
  name: string;
  value: string;
  onChange(event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>): void;
  onBlur(event: FocusEvent<HTMLTextAreaElement | HTMLInputElement>): void;
  /** Ctrl/Cmd+Enter. */
  onSend(): void;
  error?: string;
  autoFocus?: boolean;
}

/**
 * A message's text area: plain text, with how many of the 2,000 characters are used under it
 * (and said as its description), the error beside them.
 */
export function MessageField({ label, name, value, onChange, onBlur, onSend, error, autoFocus }: Props) {
  const id = useId();
  const used = messageLength(value);
  return (
    <FormControl variant="outlined" error={Boolean(error) || used > MESSAGE_MAX} fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        multiline
        minRows={2}
        maxRows={10}
        autoFocus={autoFocus}
        aria-describedby={`${id}-help`}
        onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
          if (!isSendKey(event)) return;
          event.preventDefault();
          onSend();
        }}
      />
      <FormHelperText id={`${id}-help`} component="div">
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
          <span>{error ?? messagesCopy.sendHint}</span>
          <span>{messagesCopy.count(used, MESSAGE_MAX)}</span>
        </Stack>
      </FormHelperText>
    </FormControl>
  );
}
