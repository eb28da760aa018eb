import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';

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
