import { createAction } from '@reduxjs/toolkit';
import type { ServerEvent } from '../app/services';

/**
 * An event of the live stream (`GET /events`) other than a notification, as it came (`event:
 * message` carries a message). The stream is read by the notifications feature; the feature an
 * event type belongs to listens for this action, so neither imports the other.
 */
export const liveEventArrived = createAction<ServerEvent>('live/eventArrived');
