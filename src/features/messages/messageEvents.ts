import { createAction } from '@reduxjs/toolkit';

/** A thread is on screen and the page is visible: its messages count as read, new ones too. */
export const threadOnScreen = createAction<string>('messages/threadOnScreen');
/** The thread left the screen, or the page was hidden. */
export const threadOffScreen = createAction<string>('messages/threadOffScreen');
