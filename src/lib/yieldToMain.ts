/** Lets the browser paint and handle input before the caller goes on, in a task of its own. */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
