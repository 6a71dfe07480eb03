import type { TouchRippleActions, TouchRippleProps } from '@mui/material/ButtonBase/TouchRipple';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type ForwardRefExoticComponent, type RefAttributes } from 'react';

/*
 * Stands in for MUI's TouchRipple inside ButtonBase in the browser build (webpack.config.ts). A
 * button mounts its ripple on its first press or keyboard focus, never before, so the ripple's
 * code is fetched then, in a chunk of its own, and stays out of the first script. What the button
 * asks of the ripple meanwhile (start, stop, pulsate) is handed over, in order, once it is there.
 * The ripple is decoration: the focus ring (focusRing.ts) marks the focus whether or not it shows.
 */

type TouchRipple = ForwardRefExoticComponent<TouchRippleProps & RefAttributes<TouchRippleActions>>;
type RippleCall = (ripple: TouchRippleActions) => void;

let loaded: TouchRipple | undefined;
let loading: Promise<TouchRipple> | undefined;

/** MUI's ripple, fetched once for every button; a failed fetch is tried again by the next button. */
export function loadTouchRipple(): Promise<TouchRipple> {
  loading ??= import(/* webpackChunkName: "touch-ripple" */ '@mui/material/ButtonBase/TouchRipple').then(
    (module) => {
      // Its types describe the render function; the module exports the forwardRef component.
      loaded = module.default as unknown as TouchRipple;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const TouchRippleOnDemand = forwardRef<TouchRippleActions, TouchRippleProps>(function TouchRippleOnDemand(props, ref) {
  const [Ripple, setRipple] = useState<TouchRipple | undefined>(() => loaded);
  const ripple = useRef<TouchRippleActions>(null);
  const waiting = useRef<RippleCall[]>([]);

  useImperativeHandle(ref, () => {
    const call = (action: RippleCall) => {
      if (ripple.current) action(ripple.current);
      else waiting.current.push(action);
    };
    return {
      start: (...args) => call((current) => current.start(...args)),
      stop: (...args) => call((current) => current.stop(...args)),
      pulsate: (...args) => call((current) => current.pulsate(...args)),
    };
  }, []);

  useEffect(() => {
    if (Ripple) return undefined;
    let mounted = true;
    loadTouchRipple().then(
      (component) => {
        if (mounted) setRipple(() => component);
      },
      // No ripple this time: the button works the same without it.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [Ripple]);

  // The ripple has mounted (its handle is set before effects run): what was asked meanwhile now.
  useEffect(() => {
    const current = ripple.current;
    if (current) for (const action of waiting.current.splice(0)) action(current);
  }, [Ripple]);

  return Ripple ? <Ripple ref={ripple} {...props} /> : null;
});

export default TouchRippleOnDemand;
