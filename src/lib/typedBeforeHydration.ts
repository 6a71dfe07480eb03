import { useEffect, type RefObject } from 'react';

/*
 * A prerendered form can be typed into before the app is live. Hydration then writes the form
 * state (empty) over what was typed. So from the moment the app starts, what is typed into a
 * named field of a prerendered form is noted here, and the form takes it over once it is live.
 * A select counts as a field: what is chosen in it is kept the same way.
 */

type Field = HTMLInputElement | HTMLSelectElement;
const isField = (target: EventTarget | null): target is Field => target instanceof HTMLInputElement || target instanceof HTMLSelectElement;

/** Whether the field no longer holds what the markup gave it. */
const changed = (field: Field) =>
  field instanceof HTMLSelectElement
    ? Array.from(field.options).some((option) => option.selected !== option.defaultSelected)
    : field.value !== field.defaultValue;

const typed = new Map<string, string>();
let watched: HTMLElement | null = null;

const keyOf = (input: Field) => `${input.form?.getAttribute('aria-label') ?? ''}\u0000${input.name}`;

function note(input: Field) {
  if (input.name && input.type !== 'hidden' && input.form) typed.set(keyOf(input), input.value);
}

function onInput(event: Event) {
  if (isField(event.target)) note(event.target);
}

/** Called before hydrating `root`: notes what is typed already and what is typed until a form takes it. */
export function watchTypingBeforeHydration(root: HTMLElement): void {
  stopWatching();
  watched = root;
  root.querySelectorAll<Field>('form input[name], form select[name]').forEach((field) => {
    if (changed(field)) note(field);
  });
  root.addEventListener('input', onInput, true);
}

function stopWatching() {
  watched?.removeEventListener('input', onInput, true);
  watched = null;
}

/** What was typed into this form's named fields before it was live; forgotten once taken. */
export function takeTypedValues(form: HTMLFormElement): Record<string, string> {
  const label = form.getAttribute('aria-label') ?? '';
  const values: Record<string, string> = {};
  for (const [key, value] of typed) {
    const [formLabel, name] = key.split('\u0000');
    if (formLabel === label) {
      values[name] = value;
      typed.delete(key);
    }
  }
  if (typed.size === 0) stopWatching();
  return values;
}

/** Hands what was typed before the app was live to the form's state, once, when the form mounts. */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, setValue: (name: string, value: string) => void): void {
  useEffect(() => {
    if (!form.current) return;
    for (const [name, value] of Object.entries(takeTypedValues(form.current))) setValue(name, value);
    // Once, on mount: later typing goes through the form's own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
