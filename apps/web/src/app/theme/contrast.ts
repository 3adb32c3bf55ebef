import { darken, luminance, toRgba } from '@mantine/core';

/** WCAG 2.1 AA minimum contrast for normal-size text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** Any colour Mantine can parse (hex, rgb[a]) as opaque #rrggbb. */
export function toHex(color: string): string {
  const { r, g, b } = toRgba(color);
  return `#${hex2(r)}${hex2(g)}${hex2(b)}`;
}

/** WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(toHex(a)), luminance(toHex(b))].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` at `opacity` painted over the opaque `base`, as the browser composites a tint. */
export function over(color: string, opacity: number, base: string): string {
  const c = toRgba(color);
  const b = toRgba(base);
  const mix = (x: number, y: number) => x * opacity + y * (1 - opacity);
  return `#${hex2(mix(c.r, b.r))}${hex2(mix(c.g, b.g))}${hex2(mix(c.b, b.b))}`;
}

const passesOn = (color: string, surfaces: string[]) => surfaces.every((s) => contrastRatio(color, s) >= AA_TEXT_CONTRAST);

/**
 * The first of `candidates` (lightest first) that reads at AA on every one of `surfaces`; when
 * none does, the last one darkened step by step until it does.
 */
export function readableOn(candidates: readonly string[], surfaces: string[]): string {
  const found = candidates.find((c) => passesOn(c, surfaces));
  if (found) return toHex(found);
  const last = candidates[candidates.length - 1];
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = darken(last, amount);
    if (passesOn(darker, surfaces)) return toHex(darker);
  }
  return '#000000';
}
