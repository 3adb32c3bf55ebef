import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineTheme,
  type VariantColorsResolver,
} from '@mantine/core';
import { accessibleColor, PAGE_SURFACES, type AccessibleColor } from './accessible-colors';
import { readableOn } from './contrast';

/** Shade 8 of blue takes white text at 5:1 (Mantine's default 6 is 3.55:1, issue 21 item 5). */
const PRIMARY_SHADE = 8;

const accessibleByTheme = new WeakMap<MantineTheme['colors'], Record<string, AccessibleColor>>();
/** Every palette's AA colours, worked out once per theme. */
export function accessibleColors(theme: MantineTheme): Record<string, AccessibleColor> {
  let colors = accessibleByTheme.get(theme.colors);
  if (!colors) {
    const surfaces = PAGE_SURFACES(theme.colors.gray);
    colors = Object.fromEntries(
      Object.entries(theme.colors).map(([name, palette]) => [name, accessibleColor(palette, PRIMARY_SHADE, surfaces)]),
    );
    accessibleByTheme.set(theme.colors, colors);
  }
  return colors;
}

/** Secondary text (Mantine's gray.6 is 3.32:1 on white): gray.6 darkened until it reads on white, gray.0 and gray.1. */
export const dimmedColor = (theme: MantineTheme) =>
  readableOn([theme.colors.gray[6]], [...PAGE_SURFACES(theme.colors.gray), theme.colors.gray[1]]);

/**
 * Filled buttons and badges take the text colour their background allows (white on most, black on
 * yellow); the other variants read the CSS variables set below.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'filled' && parsed.isThemeColor && parsed.shade === undefined) {
    return { ...resolved, color: accessibleColors(input.theme)[parsed.color].onFilled };
  }
  return resolved;
};

/**
 * The colour variables Mantine's components read, set so that all text passes WCAG 2.1 AA (issue
 * 21 item 5: axe found dimmed text at 3.32:1, white on the primary blue at 3.55:1, yellow and green
 * badges at 1.74 and 2.17:1). Fixed here, for every component, not per element.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const colors = accessibleColors(theme);
  const perColor = Object.entries(colors).flatMap(([name, c]) => [
    [`--mantine-color-${name}-text`, c.text],
    [`--mantine-color-${name}-outline`, c.text],
    [`--mantine-color-${name}-light-color`, c.onTint],
    [`--mantine-color-${name}-filled`, c.filled],
    [`--mantine-color-${name}-filled-hover`, c.filledHover],
  ]);
  const dimmed = dimmedColor(theme);
  return {
    variables: {},
    light: {
      ...Object.fromEntries(perColor),
      '--mantine-color-dimmed': dimmed,
      '--mantine-color-placeholder': dimmed,
      '--mantine-color-error': colors.red.text,
      '--mantine-color-anchor': colors[theme.primaryColor].text,
      '--mantine-primary-color-contrast': colors[theme.primaryColor].onFilled,
    },
    dark: {},
  };
};

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  variantColorResolver,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  components: {
    // Mantine keeps every Select's option list mounted (hidden) and positions it on mount: the
    // dashboard's five Selects rendered all their options and ran five floating-position passes
    // (each forcing a style recalculation) before its cards could paint. Lists are built on open.
    // A plain object, not Combobox.extend: importing Combobox here would put it in the sign-in bundle.
    Combobox: { defaultProps: { keepMounted: false } },
    // An icon-only close button has no name of its own (axe: button-name, critical).
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    // A titled toast's text is gray.6 in Mantine (3.32:1 on white; axe, issue 27's journey): the
    // accessible dimmed colour instead.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});
