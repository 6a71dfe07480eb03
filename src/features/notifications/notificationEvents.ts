import { createAction } from '@reduxjs/toolkit';
import type { AppNotification } from '../../types/entities';

/** A notification came over the live stream (and the lists that show it are read again). */
export const notificationArrived = createAction<AppNotification>('notifications/arrived');
