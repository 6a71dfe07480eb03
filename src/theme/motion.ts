/**
 * With the system's "reduce motion" setting, loading placeholders stand still: a pulse or a wave
 * that runs for as long as a page loads is the kind of motion the setting asks to stop. (Progress
 * spinners keep turning: they are the only sign that something is happening.)
 */
const STILL = { '@media (prefers-reduced-motion: reduce)': { animation: 'none' } } as const;

export const stillSkeletonStyles = {
  root: { ...STILL, '&::after': STILL },
} as const;
