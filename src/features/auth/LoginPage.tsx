/** Placeholder until the screen lands. */
export function Component() {
  return null;
}
