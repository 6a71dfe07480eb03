import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FormSelectField, FormTextField } from './FormField';

function Fields({ emailError }: { emailError?: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('Buyer');
  return (
    <>
      <FormTextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(emailError)}
        helperText={emailError}
      />
      <FormSelectField label="Role" name="role" value={role} onChange={(event) => setRole(event.target.value)}>
        <option value="Buyer">Buyer</option>
        <option value="seller">seller</option>
      </FormSelectField>
      <output>{`${email}|${role}`}</output>
    </>
  );
}

describe('the form fields', () => {
  it('name their input by the label, take typing and choices, and pass name, type and autocomplete on', async () => {
    render(<Fields />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).not.toHaveAttribute('aria-describedby');
    await userEvent.type(email, 'a@b.co');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'seller');
    expect(screen.getByRole('status')).toHaveTextContent('a@b.co|seller');
  });

  it('describe a select with its message too', () => {
    render(
      <FormSelectField label="Role" name="role" value="Buyer" onChange={() => undefined} error helperText="Choose a role">
        <option value="Buyer">Buyer</option>
      </FormSelectField>,
    );
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription('Choose a role');
  });

  it('mark an error and describe the input with its message', () => {
    render(<Fields emailError="Email address required" />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email address required');
  });

  it("pass required, read-only, disabled, a number's bounds and a text area on to the field", () => {
    render(
      <>
        <FormTextField label="Price" name="price" type="number" value="" onChange={() => undefined} required min={0.5} step={0.01} inputMode="decimal" />
        <FormTextField label="Book" name="book" value="Dune" readOnly />
        <FormTextField label="Email" name="email" value="a@b.co" disabled />
        <FormTextField label="Description" name="description" value="" onChange={() => undefined} multiline minRows={3} />
        <FormSelectField label="Condition" name="condition" value="" onChange={() => undefined} required disabled>
          <option value="">Any condition</option>
        </FormSelectField>
      </>,
    );
    const price = screen.getByRole('spinbutton', { name: /Price/ });
    expect(price).toBeRequired();
    expect(price).toHaveAttribute('min', '0.5');
    expect(price).toHaveAttribute('step', '0.01');
    expect(price).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText('Price').closest('label')).toHaveTextContent('*');
    expect(screen.getByRole('textbox', { name: 'Book' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Description' }).tagName).toBe('TEXTAREA');
    const condition = screen.getByRole('combobox', { name: /Condition/ });
    expect(condition).toBeRequired();
    expect(condition).toBeDisabled();
    // A native select always shows an option ("Any condition"): its label sits on the border.
    expect(screen.getByText('Condition').closest('label')).toHaveAttribute('data-shrink', 'true');
  });
});
