import { useEffect, useRef, type RefObject } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { signInFormEngaged } from './authSlice';

/**
 * Tells the store, once, that the user has started on a sign-in or sign-up form (focused it,
 * pressed in it or typed in it, before the app was live too), so the identity SDK loads while
 * they type rather than when they submit. The handlers go on the form element.
 */
export function useSignInFormEngaged(form: RefObject<HTMLFormElement | null>) {
  const dispatch = useAppDispatch();
  const told = useRef(false);
  const engaged = () => {
    if (told.current) return;
    told.current = true;
    dispatch(signInFormEngaged());
  };
  useEffect(() => {
    // Focused or typed in while the page was still plain HTML.
    const element = form.current;
    if (element && (element.contains(document.activeElement) || hasTypedValue(element))) engaged();
    // Runs once, after the form has mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { onFocus: engaged, onPointerDown: engaged, onKeyDown: engaged };
}

/** Text typed into a field: not a select's hidden value (the role select has one). */
function hasTypedValue(form: HTMLFormElement): boolean {
  const fields = form.querySelectorAll<HTMLInputElement>('input[type="text"], input[type="email"], input[type="password"], input:not([type])');
  return Array.from(fields).some((field) => field.getAttribute('aria-hidden') !== 'true' && field.value !== '');
}
