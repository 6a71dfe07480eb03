/** The notifications feature's own wire type: what `GET` and `PUT /notification-settings` answer (a notification itself, `AppNotification`, is shared). */

import type { NotificationKind } from '../../types/entities';

export interface NotificationSettings {
  email: Record<NotificationKind, boolean>;
}
