import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthLayout } from './AuthLayout';

const layout = <AuthLayout title="Log in">form</AuthLayout>;
const card = () => screen.getByRole('heading', { level: 1, name: 'Log in' }).parentElement!;

describe('the sign-in frame', () => {
  it('brings its card in when the app opens the screen', () => {
    render(layout);
    expect(card().parentElement).toHaveClass('animate-fade-in-up');
  });

  it('shows a pre-rendered card as it is, without an entrance, once hydrated too', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(layout);
    document.body.append(container);
    expect(container.innerHTML).not.toContain('animate-fade-in-up');

    let root!: Root;
    await act(async () => {
      root = hydrateRoot(container, layout);
    });
    expect(card().parentElement).not.toHaveClass('animate-fade-in-up');
    act(() => root.unmount());
    container.remove();
  });
});
