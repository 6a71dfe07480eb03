import { copy } from '../../config/copy';
import { formatDay } from '../../lib/orders';
import type { AppNotification } from '../../types/entities';

/** A notification as one sentence, from the reader's side of the order ("Dune is ready to collect"). */
export function notificationSentence({ kind, role, bookName, deadline, at }: AppNotification): string {
  return copy.notifications.sentences[role][kind](bookName, formatDay(deadline ?? at));
}
