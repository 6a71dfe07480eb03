import * as Yup from 'yup';
import { messagesCopy } from './copy';

/** The longest message or question, in characters as the API counts them (code points). */
export const MESSAGE_MAX = 2000;

export const messageLength = (text: string): number => [...text].length;

/** A message: something besides spaces, at most 2,000 characters. */
export const messageSchema = Yup.object({
  text: Yup.string()
    .test('written', messagesCopy.needed, (text = '') => text.trim() !== '')
    .test('short', messagesCopy.tooLong, (text = '') => messageLength(text) <= MESSAGE_MAX),
});

/** Ctrl+Enter (Cmd+Enter on a Mac) sends; Enter alone starts a new line. */
export const isSendKey = (event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey);
