import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { documentCssRules } from '../testing/cssRules';
import { theme } from '.';

function renderFields() {
  return render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <TextField label="Name" />
      <TextField label="Email" type="email" />
      <TextField label="Password" type="password" />
    </ThemeProvider>,
  );
}

describe('autofill', () => {
  it('sends the two keyframes once, however many fields the page has', () => {
    renderFields();
    const keyframes = documentCssRules()
      .map((rule) => /^@keyframes (mui-auto-fill(?:-cancel)?) /.exec(rule)?.[1])
      .filter(Boolean);
    expect(keyframes.sort()).toEqual(['mui-auto-fill', 'mui-auto-fill-cancel']);
  });

  it('gives every input the animation that tells of an autofill', () => {
    renderFields();
    const rules = documentCssRules();
    for (const name of ['Name', 'Email', 'Password']) {
      const ownClass = [...screen.getByLabelText(name).classList].find((className) => className.startsWith('css-'));
      expect(rules.some((rule) => rule.startsWith(`.${ownClass} {`) && rule.includes('animation-name: mui-auto-fill-cancel;'))).toBe(true);
      expect(rules.some((rule) => rule.startsWith(`.${ownClass}:-webkit-autofill {`) && rule.includes('animation-name: mui-auto-fill;'))).toBe(true);
    }
  });

  it('lifts the label off a value the browser filled in', () => {
    renderFields();
    const input = screen.getByLabelText('Email');
    const label = document.querySelector(`label[for="${input.id}"]`)!;
    expect(label).toHaveAttribute('data-shrink', 'false');
    const autofilled = createEvent.animationStart(input);
    Object.defineProperty(autofilled, 'animationName', { value: 'mui-auto-fill' });
    fireEvent(input, autofilled);
    expect(label).toHaveAttribute('data-shrink', 'true');
  });
});
