import { darken, type MantineColorsTuple } from '@mantine/core';
import { AA_TEXT_CONTRAST, contrastRatio, over, readableOn, toHex } from './contrast';

export const WHITE = '#ffffff';
export const BLACK = '#000000';
/**
 * The surfaces text sits on: cards and dialogs (white) and the signed-in page (gray.0, the app
 * shell's main background). A colour chosen here reads at AA on both.
 */
export const PAGE_SURFACES = (gray: MantineColorsTuple) => [WHITE, gray[0]];
/** How much of the colour a light variant's tint holds (Mantine's light and light-hover). */
const TINT_OPACITY = 0.12;
/** Mantine's default shade: nothing lighter than it is used for text. */
const LIGHTEST_SHADE = 6;
/** How far shade 9 may be darkened for white text before black text on the colour reads better. */
const MAX_DARKENING_FOR_WHITE = 0.15;

/** The colours one palette is drawn with, each readable at AA where it is used. */
export interface AccessibleColor {
  /** Text in this colour on the page: `c="red"`, outline buttons, links, errors. */
  text: string;
  /** Text in this colour on its own tint: light and subtle buttons, badges, the active nav link. */
  onTint: string;
  /** A filled button's or badge's background, its hover, and the text on it. */
  filled: string;
  filledHover: string;
  onFilled: string;
}

/**
 * Picks from a Mantine palette the lightest shades, from 6 on, that pass WCAG 2.1 AA (4.5:1),
 * darkening past shade 9 where the palette has none (yellow, lime, green and orange text need it).
 * `tintShade` is the theme's primary shade, which light variants tint their background with.
 * Filled colours keep white text while a shade (or shade 9 a little darker) allows it; the light
 * palettes (yellow) get black text instead.
 */
export function accessibleColor(palette: MantineColorsTuple, tintShade: number, surfaces: string[]): AccessibleColor {
  const darker = palette.slice(LIGHTEST_SHADE);
  const tints = surfaces.map((s) => over(palette[tintShade], TINT_OPACITY, s));
  const text = readableOn(darker, surfaces);
  const onTint = readableOn(darker, tints);

  const whiteShade = darker.find((c) => contrastRatio(c, WHITE) >= AA_TEXT_CONTRAST);
  const whiteFilled =
    whiteShade ??
    (contrastRatio(darken(palette[9], MAX_DARKENING_FOR_WHITE), WHITE) >= AA_TEXT_CONTRAST ? readableOn([palette[9]], [WHITE]) : null);
  if (whiteFilled) return { text, onTint, filled: toHex(whiteFilled), filledHover: toHex(darken(whiteFilled, 0.1)), onFilled: WHITE };
  return { text, onTint, filled: toHex(palette[tintShade]), filledHover: toHex(darken(palette[tintShade], 0.05)), onFilled: BLACK };
}
