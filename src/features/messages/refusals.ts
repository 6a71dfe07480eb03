import { errorMessage } from '../../api/errorMessages';
import { copy } from '../../config/copy';
import { messageToasts } from './toasts';

const statusOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined);

/** Why a message or a question was refused, in words: too fast, blocked, ended; else the API's words. */
export function refusalMessage(error: unknown): string {
  switch (statusOf(error)) {
    case 429:
      return messageToasts.tooFast;
    case 403:
      return errorMessage(error, messageToasts.blocked);
    case 409:
      return errorMessage(error, messageToasts.ended);
    default:
      return errorMessage(error, copy.errors.generic);
  }
}

/** A refusal that closes the thread to the writer (a block, an ended order): the thread is read again. */
export const closesThread = (error: unknown): boolean => statusOf(error) === 403 || statusOf(error) === 409;
