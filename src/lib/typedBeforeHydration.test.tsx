import { render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { takeTypedValues, useTypedBeforeHydration, watchTypingBeforeHydration } from './typedBeforeHydration';

// Text typed into a prerendered form before the app is live reaches the form's state.

function typeInto(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function prerenderedForm(label: string) {
  document.body.innerHTML = `<div id="root"><form aria-label="${label}"><input name="email"><input name="password" type="password"><input name="token" type="hidden" value="x"></form></div>`;
  return document.getElementById('root') as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
});

it('notes what was typed before the app started and while it starts, per form, once', () => {
  const root = prerenderedForm('Log In');
  const [email, password] = Array.from(root.querySelectorAll('input'));
  email.value = 'early@example.com'; // typed before any script ran
  watchTypingBeforeHydration(root);
  typeInto(password, 'secret');
  const form = root.querySelector('form') as HTMLFormElement;
  expect(takeTypedValues(form)).toEqual({ email: 'early@example.com', password: 'secret' });
  // Taken once: nothing is kept, and typing after that is not noted.
  typeInto(password, 'later');
  expect(takeTypedValues(form)).toEqual({});
});

it('hands the values to the form state when the live form mounts', () => {
  const root = prerenderedForm('Sign Up');
  watchTypingBeforeHydration(root);
  typeInto(root.querySelector('input[name="email"]') as HTMLInputElement, 'new@example.com');

  function LiveForm() {
    const form = useRef<HTMLFormElement>(null);
    const [values, setValues] = useState<Record<string, string>>({ email: '', password: '' });
    useTypedBeforeHydration(form, (name, value) => setValues((current) => ({ ...current, [name]: value })));
    return (
      <form ref={form} aria-label="Sign Up">
        <output>{JSON.stringify(values)}</output>
      </form>
    );
  }
  render(<LiveForm />);
  expect(screen.getByRole('status')).toHaveTextContent('{"email":"new@example.com","password":""}');
});

it('notes a choice made in a select, before the app started and while it starts', () => {
  document.body.innerHTML = `<div id="root"><form aria-label="Sign Up"><select name="role"><option value="Buyer" selected>Buyer</option><option value="seller">seller</option></select><select name="other"><option value="a" selected>a</option><option value="b">b</option></select></form></div>`;
  const root = document.getElementById('root') as HTMLElement;
  const [role, other] = Array.from(root.querySelectorAll('select'));
  role.value = 'seller'; // chosen before any script ran
  watchTypingBeforeHydration(root);
  other.value = 'b'; // chosen while the app starts
  other.dispatchEvent(new Event('input', { bubbles: true }));
  expect(takeTypedValues(root.querySelector('form') as HTMLFormElement)).toEqual({ role: 'seller', other: 'b' });
});
