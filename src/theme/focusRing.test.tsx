import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import Switch from '@mui/material/Switch';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { documentCssRules } from '../testing/cssRules';
import { theme } from '.';

/** Whether a rule rings the element while MUI marks it focused from the keyboard. */
function ringedWhenFocusVisible(element: Element): boolean {
  const ownClass = [...element.classList].find((name) => name.startsWith('css-'));
  return documentCssRules().some(
    (rule) =>
      rule.startsWith(`.${ownClass}.Mui-focusVisible {`) &&
      rule.includes('outline: 3px solid var(--focus-ring, #3d5a80);') &&
      rule.includes('outline-offset: -3px;'),
  );
}

describe('the focus ring on switches, checkboxes and radios', () => {
  it('is drawn on the round button around the hidden input that takes the keyboard focus', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <FormControlLabel control={<Switch />} label="Emails" />
        <FormControlLabel control={<Checkbox />} label="Meet-up" />
        <FormControlLabel control={<Radio />} label="Shipping" />
      </ThemeProvider>,
    );
    for (const [role, name] of [
      ['switch', 'Emails'],
      ['checkbox', 'Meet-up'],
      ['radio', 'Shipping'],
    ] as const) {
      await user.tab();
      const input = screen.getByRole(role, { name });
      expect(input).toHaveFocus();
      // The input is invisible; the span around it (MUI's switch base) is what the eye finds.
      const button = input.parentElement!;
      expect(button).toHaveClass('Mui-focusVisible');
      expect(ringedWhenFocusVisible(button)).toBe(true);
    }
  });
});
