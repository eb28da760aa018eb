import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, SelectField, TextAreaField } from './Field';

describe('Field', () => {
  it('labels its input and ties the hint and the error to it', () => {
    render(
      <Field
        label="Email"
        type="email"
        hint="Your school address."
        error="Enter a valid email address."
      />,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Your school address. Enter a valid email address.');
  });

  it('is not marked invalid without an error', () => {
    render(<Field label="Name" />);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-describedby');
  });
});

describe('SelectField and TextAreaField', () => {
  it('label the control and tie its error to it, like Field', () => {
    render(
      <>
        <SelectField label="Standard" error="Please choose a standard." defaultValue="0">
          <option value="0">Choose a standard</option>
        </SelectField>
        <TextAreaField label="Address" hint="Optional." />
      </>,
    );
    const select = screen.getByLabelText('Standard');
    expect(select.tagName).toBe('SELECT');
    expect(select).toBeInvalid();
    expect(select).toHaveAccessibleDescription('Please choose a standard.');

    const textarea = screen.getByLabelText('Address');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).not.toHaveAttribute('aria-invalid');
    expect(textarea).toHaveAccessibleDescription('Optional.');
  });
});
