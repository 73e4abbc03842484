import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdThemeOf, palettes } from './theme.ts';

/** WCAG relative luminance and contrast of two colours (`#rrggbb` or `rgba()`, alpha over `base`). */
const rgb = (colour: string, base?: number[]): number[] => {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16));
  const short = /^#([0-9a-f]{3})$/i.exec(colour);
  if (short) return [...short[1]].map((c) => parseInt(c + c, 16));
  const parts = /^rgba?\(([^)]+)\)$/.exec(colour.replace(/\s/g, ''))?.[1].split(',').map(Number);
  if (!parts) throw new Error(`unreadable colour ${colour}`);
  const [r, g, b, a = 1] = parts;
  const under = base ?? [255, 255, 255];
  return [r, g, b].map((c, i) => Math.round(c * a + under[i] * (1 - a)));
};
const luminance = (c: number[]) => {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (fg: string, bg: string, under?: string) => {
  const back = rgb(bg, under ? rgb(under) : undefined);
  const [a, b] = [luminance(rgb(fg, back)), luminance(back)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
};

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  const token = theme.getDesignToken(antdThemeOf(mode)) as unknown as Record<string, string>;
  const surfaces = ['colorBgContainer', 'colorBgLayout', 'colorBgElevated'];

  it.each([
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
    'colorLink',
    'colorError',
    'colorSuccess',
    'colorWarning',
    'colorTextHeading',
  ])('%s reads at 4.5:1 on every surface', (text) => {
    for (const surface of surfaces)
      expect(contrast(token[text], token[surface]), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
  });

  it('status tags read at 4.5:1 on their own background', () => {
    for (const status of ['Success', 'Info', 'Warning', 'Error']) {
      expect(contrast(token[`color${status}`], token[`color${status}Bg`]), status).toBeGreaterThanOrEqual(4.5);
    }
    expect(
      contrast(token.colorText, token.colorFillTertiary, token.colorBgContainer),
      'default',
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('primary buttons read at 4.5:1 and controls stand out at 3:1', () => {
    expect(contrast(token.colorTextLightSolid, token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorTextLightSolid, token.colorError), 'danger button').toBeGreaterThanOrEqual(4.5);
    // Active tabs, the current page of a pagination and selected submenus write the primary as text.
    for (const surface of surfaces)
      expect(contrast(token.colorPrimary, token[surface]), `primary on ${surface}`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorBorder, token.colorBgContainer), 'input border').toBeGreaterThanOrEqual(3);
    expect(contrast(palettes[mode].focus, token.colorBgContainer), 'focus ring').toBeGreaterThanOrEqual(3);
    expect(contrast(palettes[mode].focus, token.colorBgLayout), 'focus ring on the layout').toBeGreaterThanOrEqual(3);
    expect(
      contrast(palettes[mode].menuSelectedText, palettes[mode].menuSelectedBg),
      'selected menu item',
    ).toBeGreaterThanOrEqual(4.5);
  });
});
