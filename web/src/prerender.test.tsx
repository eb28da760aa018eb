import { describe, expect, it } from 'vitest';
import { appRoutes } from '@um/contract';
import { renderPage, withModulePreloads } from './prerender';

const shell = `<html>
  <head>
    <script src="/assets/colour-mode-a.js"></script>
    <script type="module" crossorigin src="/assets/index-e.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const manifest = {
  'index.html': { file: 'assets/index-e.js' },
  'src/app/shell/AppShell.tsx': {
    file: 'assets/AppShell-s.js',
    imports: ['index.html', '_query-q.js', '_icons-i.js'],
  },
  'src/features/dashboard/DashboardPage.tsx': {
    file: 'assets/DashboardPage-d.js',
    imports: ['index.html', '_icons-i.js'],
  },
  '_query-q.js': { file: 'assets/query-q.js' },
  '_icons-i.js': { file: 'assets/icons-i.js' },
};

const preloadLinks = (html: string) => [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)];
const preloads = (html: string) =>
  preloadLinks(html).map((link) => /\shref="\/([^"]+)"/.exec(link[0])?.[1]);

describe('module preloads of the signed-in frame', () => {
  it('asks for each chunk of the modules and of what they import, once, in the head', () => {
    const html = withModulePreloads(shell, manifest, [
      'src/app/shell/AppShell.tsx',
      'src/features/dashboard/DashboardPage.tsx',
    ]);
    expect(preloads(html)).toEqual([
      'assets/AppShell-s.js',
      'assets/query-q.js',
      'assets/icons-i.js',
      'assets/DashboardPage-d.js',
    ]);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('asks for them at low priority, so that the entry does not share the line with them', () => {
    const html = withModulePreloads(shell, manifest, [
      'src/app/shell/AppShell.tsx',
      'src/features/dashboard/DashboardPage.tsx',
    ]);
    const links = preloadLinks(html);
    expect(links).toHaveLength(4);
    for (const [link] of links) expect(link).toContain('fetchpriority="low"');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-e.js"><\/script>/);
  });

  it('does not ask again for what the HTML already loads', () => {
    const html = withModulePreloads(shell, manifest, ['src/app/shell/AppShell.tsx']);
    expect(preloads(html)).not.toContain('assets/index-e.js');
  });

  it('refuses a module the build does not have', () => {
    expect(() => withModulePreloads(shell, manifest, ['src/Missing.tsx'])).toThrow(
      'The manifest has no chunk for src/Missing.tsx.',
    );
  });
});

describe('the pre-rendered login page', () => {
  it('shows its card at once: nothing in it starts transparent and fades in', async () => {
    const markup = await renderPage(appRoutes.login);
    expect(markup).toContain('>Log in</h1>');
    expect(markup).not.toContain('animate-fade-in-up');
  });
});
