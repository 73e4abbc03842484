import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeMode } from '@/lib/theme-choice.ts';

/**
 * Kassa's colours, in one place, for the light and the dark theme (WCAG 2.2 AA). Every text
 * colour meets 4.5:1 on the surfaces it is used on (container, layout and the status tags' own
 * backgrounds), every UI part 3:1: Ant Design's defaults do not (secondary text #8c8c8c,
 * placeholders #bfbfbf, links #1677ff, the light status colours of tags and form errors).
 * `theme.test.ts` checks these pairs; the browser test runs axe-core over every page in both.
 */
type Palette = {
  primary: string;
  link: string;
  linkHover: string;
  success: string;
  warning: string;
  error: string;
  info: string;
  /** Backgrounds and borders of status tags and alerts; text in the status colour reads on them at 4.5:1. */
  statusBg: { success: string; info: string; warning: string; error: string };
  statusBorder?: { success: string; info: string; warning: string; error: string };
  /** Text of a third rank (table headers' sorters, descriptions, captions). */
  textTertiary: string;
  placeholder: string;
  /** Borders of inputs and other controls: 3:1 against the container. */
  controlBorder: string;
  bgLayout: string;
  bgContainer: string;
  border: string;
  menuSelectedBg: string;
  menuSelectedText: string;
  focus: string;
};

export const palettes: Record<ThemeMode, Palette> = {
  light: {
    primary: '#1f4e79',
    link: '#1a5c99',
    linkHover: '#12406b',
    success: '#2b6e1f',
    warning: '#8a5300',
    error: '#c0262d',
    info: '#1a5c99',
    statusBg: { success: '#edf6e9', info: '#e8f0f8', warning: '#fcf3e1', error: '#fdeceb' },
    statusBorder: { success: '#a9d09b', info: '#a9c4e0', warning: '#e6c98c', error: '#eeaaa6' },
    textTertiary: 'rgba(0, 0, 0, 0.62)',
    placeholder: '#6e6e6e',
    controlBorder: '#8c8c8c',
    bgLayout: '#f5f7fa',
    bgContainer: '#ffffff',
    border: '#e3e8ee',
    menuSelectedBg: '#e6eef7',
    menuSelectedText: '#1f4e79',
    focus: '#1f4e79',
  },
  dark: {
    primary: '#7db3e8',
    link: '#8cbcec',
    linkHover: '#b5d4f3',
    success: '#73c95a',
    warning: '#e8b04a',
    error: '#ff8a80',
    info: '#8cbcec',
    statusBg: { success: '#1a2418', info: '#1b2530', warning: '#282116', error: '#2c1c1c' },
    textTertiary: 'rgba(255, 255, 255, 0.66)',
    placeholder: '#9a9a9a',
    controlBorder: '#7a7a7a',
    bgLayout: '#0f1318',
    bgContainer: '#181d24',
    border: '#2c333d',
    menuSelectedBg: '#1f3347',
    menuSelectedText: '#cfe3f7',
    focus: '#8cbcec',
  },
};

/** The antd ConfigProvider theme of a mode; without motion for people who asked the system for less. */
export const antdThemeOf = (mode: ThemeMode, reducedMotion = false): ThemeConfig => {
  const p = palettes[mode];
  return {
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: p.primary,
      // Selected rows, options and menu items: antd derives a grey tint from a dark primary.
      colorPrimaryBg: p.menuSelectedBg,
      colorPrimaryBgHover: p.menuSelectedBg,
      colorLink: p.link,
      colorLinkHover: p.linkHover,
      colorLinkActive: p.linkHover,
      colorSuccess: p.success,
      colorWarning: p.warning,
      colorError: p.error,
      colorInfo: p.info,
      colorSuccessBg: p.statusBg.success,
      colorInfoBg: p.statusBg.info,
      colorWarningBg: p.statusBg.warning,
      colorErrorBg: p.statusBg.error,
      ...(p.statusBorder && {
        colorSuccessBorder: p.statusBorder.success,
        colorInfoBorder: p.statusBorder.info,
        colorWarningBorder: p.statusBorder.warning,
        colorErrorBorder: p.statusBorder.error,
      }),
      colorTextTertiary: p.textTertiary,
      colorTextPlaceholder: p.placeholder,
      colorTextDescription: p.textTertiary,
      colorBorder: p.controlBorder,
      colorBorderSecondary: p.border,
      colorBgLayout: p.bgLayout,
      colorBgContainer: p.bgContainer,
      colorBgElevated: mode === 'dark' ? '#222831' : '#ffffff',
      // antd also writes the primary colour as text (active tabs, pagination, selected menus), so in
      // the dark theme it is a light blue, and what stands on a filled primary or red is dark.
      ...(mode === 'dark' && { colorTextLightSolid: '#0b1520' }),
      motion: !reducedMotion,
      borderRadius: 6,
      fontSize: 14,
    },
    components: {
      Layout: { siderBg: p.bgContainer, headerBg: p.bgContainer, bodyBg: p.bgLayout },
      // An empty table says so in antd's disabled grey (#bfbfbf, 1.8:1): it is text to read, not a disabled control.
      Table: { colorTextDisabled: p.textTertiary },
      Menu: {
        itemBg: p.bgContainer,
        subMenuItemBg: p.bgContainer,
        itemSelectedBg: p.menuSelectedBg,
        itemSelectedColor: p.menuSelectedText,
        subMenuItemSelectedColor: p.menuSelectedText,
      },
    },
  };
};

/** The page's own CSS (layout borders, focus rings, the sign-in background) reads these. */
export const cssVariablesOf = (mode: ThemeMode): Record<string, string> => {
  const p = palettes[mode];
  return {
    '--kassa-bg-layout': p.bgLayout,
    '--kassa-bg-container': p.bgContainer,
    '--kassa-border': p.border,
    '--kassa-brand': mode === 'dark' ? p.link : p.primary,
    '--kassa-focus': p.focus,
    '--kassa-success': p.success,
    '--kassa-error': p.error,
    '--kassa-sign-in-bg':
      mode === 'dark'
        ? `linear-gradient(160deg, ${p.bgLayout} 0%, #16202b 100%)`
        : 'linear-gradient(160deg, #eef3f8 0%, #dce6f0 100%)',
  };
};
