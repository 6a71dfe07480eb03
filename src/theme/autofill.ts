/**
 * How a text field notices the browser's autofill, to lift its label off a filled-in value: MUI's
 * input runs an animation named `mui-auto-fill` on `:-webkit-autofill` (and `mui-auto-fill-cancel`
 * otherwise) and reads it in its `onAnimationStart`. By default each field puts the two keyframes
 * into a global style of its own, and while a page with several fields hydrates, every field after
 * the first inserts them again. The theme turns that off (`disableInjectingGlobalStyles`), sends the
 * keyframes once with the base styles, and gives every input the animation MUI gives it.
 */
const AUTO_FILL = 'mui-auto-fill';
const AUTO_FILL_CANCEL = 'mui-auto-fill-cancel';

// Non-empty keyframes, as MUI has them (an empty one is dropped from production styles); an
// animation property inside a keyframe is ignored, so nothing visible moves.
export const autofillKeyframes = {
  [`@keyframes ${AUTO_FILL}`]: { from: { animationName: AUTO_FILL } },
  [`@keyframes ${AUTO_FILL_CANCEL}`]: { from: { animationName: AUTO_FILL_CANCEL } },
} as const;

export const autofillDetection = {
  animationName: AUTO_FILL_CANCEL,
  animationDuration: '10ms',
  '&:-webkit-autofill': { animationDuration: '5000s', animationName: AUTO_FILL },
} as const;
