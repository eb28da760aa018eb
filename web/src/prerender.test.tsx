import { describe, expect, it } from 'vitest';
import { appRoutes } from '@um/contract';
import { renderPage } from './prerender';

describe('the pre-rendered login page', () => {
  it('shows its card at once: nothing in it starts transparent and fades in', async () => {
    const markup = await renderPage(appRoutes.login);
    expect(markup).toContain('>Log in</h1>');
    expect(markup).not.toContain('animate-fade-in-up');
  });
});
