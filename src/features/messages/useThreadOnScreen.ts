import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { threadOffScreen, threadOnScreen } from './messageEvents';

/** Tells the message flows while a thread is shown on a visible page (its messages are then read). */
export function useThreadOnScreen(threadId: string, active: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!active) return;
    const report = () => dispatch(document.visibilityState === 'hidden' ? threadOffScreen(threadId) : threadOnScreen(threadId));
    report();
    document.addEventListener('visibilitychange', report);
    return () => {
      document.removeEventListener('visibilitychange', report);
      dispatch(threadOffScreen(threadId));
    };
  }, [dispatch, threadId, active]);
}
