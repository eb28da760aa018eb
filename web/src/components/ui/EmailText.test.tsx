import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './EmailText';

describe('EmailText', () => {
  it('offers a line break before the @ and before each dot, and reads as the address', () => {
    const { container } = render(<EmailText email="aarav.patel@students.example.org" />);
    expect(container).toHaveTextContent(/^aarav\.patel@students\.example\.org$/);
    expect(container.firstElementChild?.innerHTML).toBe(
      'aarav<wbr>.patel<wbr>@students<wbr>.example<wbr>.org',
    );
  });

  it('leaves an address without those characters whole', () => {
    const { container } = render(<EmailText email="localhost" />);
    expect(container.querySelectorAll('wbr')).toHaveLength(0);
  });
});
