import { DEFAULT_THEME, defaultVariantColorsResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio, over } from './contrast';
import { cssVariablesResolver, theme } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light as Record<string, string>;
const { gray } = resolved.colors;
const page = ['#ffffff', gray[0]];
const names = Object.keys(resolved.colors);

describe('theme colours (issue 21 item 5: WCAG 2.1 AA text contrast)', () => {
  it('measures contrast as WCAG does', () => {
    // The pairs axe reported: Mantine's dimmed gray and white on its primary blue.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#ffffff', '#228be6')).toBeCloseTo(3.55, 1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(over('#000000', 0.5, '#ffffff')).toBe('#808080');
  });

  it('dimmed text and placeholders read on white, gray.0 and gray.1; errors and links on the page', () => {
    for (const surface of [...page, gray[1]]) {
      expect(contrastRatio(light['--mantine-color-dimmed'], surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(light['--mantine-color-placeholder'], surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    for (const surface of page) {
      expect(contrastRatio(light['--mantine-color-error'], surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(light['--mantine-color-anchor'], surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    // Still a secondary grey, not the body text's black.
    expect(contrastRatio(light['--mantine-color-dimmed'], '#ffffff')).toBeLessThan(7);
  });

  it.each(names)('%s: text, outline, light/subtle and filled variants all pass AA', (name) => {
    const palette = resolved.colors[name];
    for (const surface of page) {
      expect(contrastRatio(light[`--mantine-color-${name}-text`], surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(light[`--mantine-color-${name}-outline`], surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      // Light variants paint the primary shade at 10 % (12 % on hover) under the text.
      for (const opacity of [0.1, 0.12]) {
        const tint = over(palette[8], opacity, surface);
        expect(contrastRatio(light[`--mantine-color-${name}-light-color`], tint)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    }
    const filled = defaultVariantColorsResolver({ color: name, theme: resolved, variant: 'filled' });
    const text = resolved.variantColorResolver({ color: name, theme: resolved, variant: 'filled' }).color!;
    expect(filled.background).toBe(`var(--mantine-color-${name}-filled)`);
    expect(contrastRatio(text, light[`--mantine-color-${name}-filled`])).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(text, light[`--mantine-color-${name}-filled-hover`])).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('keeps white text on the primary blue and on red, black on yellow', () => {
    const textOn = (color: string) => resolved.variantColorResolver({ color, theme: resolved, variant: 'filled' }).color;
    expect(textOn('blue')).toBe('#ffffff');
    expect(textOn('red')).toBe('#ffffff');
    expect(textOn('yellow')).toBe('#000000');
    expect(light['--mantine-color-blue-filled']).toBe(resolved.colors.blue[8]);
  });
});
