import { createAction } from '@reduxjs/toolkit';
import type { ServerEvent } from '../app/services';
import type { AppNotification } from '../types/entities';

/**
 * An event of the live stream (`GET /events`) other than a notification, as it came (`event:
 * message` carries a message). The stream is read by the notifications feature; the feature an
 * event type belongs to listens for this action, so neither imports the other.
 */
export const liveEventArrived = createAction<ServerEvent>('live/eventArrived');

/**
 * A notification came over the live stream (and the lists that show it are read again). The
 * notifications feature dispatches it; a feature whose screens a notification concerns (an
 * offer's, say) listens for it here, without importing that feature.
 */
export const notificationArrived = createAction<AppNotification>('notifications/arrived');
