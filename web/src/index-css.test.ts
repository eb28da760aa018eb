import { describe, expect, it } from 'vitest';
import { ANIMATION, COLORS, DURATION_MS, GLASS_BLUR_PX, PILL_RADIUS } from '@um/contract';
import css from './index.css?raw';

function token(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.replace(/\s+/g, ' ').trim();
}

describe('visual identity tokens', () => {
  it('has the page colours of each mode', () => {
    expect(token('color-canvas')).toBe(COLORS.light.background);
    expect(token('color-ink')).toBe(COLORS.light.text);
    expect(token('color-canvas-dark')).toBe(COLORS.dark.background);
    expect(token('color-ink-dark')).toBe(COLORS.dark.text);
  });

  it('has full brand (indigo) and accent (fuchsia) palettes', () => {
    for (const shade of [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950]) {
      expect(token(`color-brand-${shade}`)).toMatch(/^#[0-9a-f]{6}$/);
      expect(token(`color-accent-${shade}`)).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(token('color-brand-500')).toBe('#6366f1');
    expect(token('color-accent-500')).toBe('#d946ef');
  });

  it('puts Inter first in the font stacks', () => {
    expect(token('font-sans')).toMatch(/^Inter, ui-sans-serif, system-ui/);
    expect(token('font-display')).toMatch(/^'Inter Display', Inter,/);
  });

  it('has the pill radius, glass blur, shadows, durations and animations', () => {
    expect(token('radius-pill')).toBe(PILL_RADIUS);
    expect(token('blur-glass')).toBe(`${GLASS_BLUR_PX}px`);
    expect(token('shadow-soft')).toBeDefined();
    expect(token('shadow-glass')).toBeDefined();
    expect(token('transition-duration-fast')).toBe(`${DURATION_MS.fast}ms`);
    expect(token('transition-duration-normal')).toBe(`${DURATION_MS.normal}ms`);
    expect(token('transition-duration-slow')).toBe(`${DURATION_MS.slow}ms`);
    expect(token('animate-float')).toMatch(new RegExp(`^float ${ANIMATION.floatMs / 1000}s `));
    expect(token('animate-fade-in-up')).toMatch(
      new RegExp(`^fade-in-up ${ANIMATION.fadeInUpMs}ms `),
    );
    expect(css).toContain('@keyframes float');
    expect(css).toContain('@keyframes fade-in-up');
  });

  it('turns animations off for people who ask for reduced motion', () => {
    expect(css).toMatch(
      /@media \(prefers-reduced-motion: reduce\)\s*\{[^}]*\{\s*animation: none !important;/,
    );
  });

  it('switches dark mode on the root element class', () => {
    expect(css).toContain('@custom-variant dark (&:where(.dark, .dark *));');
  });
});
