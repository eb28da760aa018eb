import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field } from '../components/ui/Field';
import { bindFields } from './forms';
import type { FieldErrors } from './forms';

function SignUp({ errors }: { errors: FieldErrors }) {
  const [values, setValues] = useState({ email: 'ada@school.test', name: '', grade: 3 });
  const field = bindFields(values, setValues, errors);
  return (
    <form aria-label="Sign up">
      <Field label="Email" type="email" {...field('email')} />
      <Field label="Full name" {...field('name')} />
      <output>{JSON.stringify(values)}</output>
    </form>
  );
}

describe('bindFields', () => {
  it("gives each control its name, value and change, keeping the form's other values", async () => {
    render(<SignUp errors={{}} />);
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toHaveValue('ada@school.test');
    expect(email).not.toHaveAttribute('aria-invalid');

    await userEvent.setup().type(screen.getByLabelText('Full name'), 'Ada');
    expect(screen.getByRole('status')).toHaveTextContent(
      '{"email":"ada@school.test","name":"Ada","grade":3}',
    );
  });

  it("ties a field's error to its control", () => {
    render(<SignUp errors={{ name: 'Name is required.' }} />);
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required.');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });
});
