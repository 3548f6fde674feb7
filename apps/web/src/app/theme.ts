import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** A fresh teal, like the cleaning-products brand; shade 7 keeps white text above 4.5:1. */
const brand: MantineColorsTuple = [
  '#e6f6f7',
  '#cdebed',
  '#9dd6da',
  '#69bfc5',
  '#3fabb2',
  '#1f959c',
  '#107e85',
  '#0b6c72',
  '#085a5f',
  '#05464a',
];

/** A warm orange for counters (calendar badge, active filters); shade 7 and up keep white text readable. */
const accent: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd0a1',
  '#ffb46b',
  '#ff9a3d',
  '#f5821f',
  '#dc6a12',
  '#c2410c',
  '#a3360a',
  '#822b08',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, accent },
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // Dialogs, menus and popovers appear without motion for whoever asks their system for less of it
  // (WCAG 2.3.3); the browser tests ask for it too, so a click never lands on a dialog still moving.
  respectReducedMotion: true,
  components: {
    ActionIcon: { defaultProps: { variant: 'subtle' } },
    Modal: {
      defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 250 } },
    // A select's options open under it from its left edge. Centred ('bottom'), their place was worked out
    // once while the list had no width yet, on a touch phone too: in a full-screen dialog they opened at
    // half the field's width to the right, widened the page to 553 px and took no tap (issue 28, item 13).
    Select: { defaultProps: { comboboxProps: { position: 'bottom-start' } } },
    MultiSelect: { defaultProps: { comboboxProps: { position: 'bottom-start' } } },
    Autocomplete: { defaultProps: { comboboxProps: { position: 'bottom-start' } } },
  },
});

/** Mantine's default dimmed grey is below 4.5:1 on white; use a darker one for AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6b737b', // 4.8:1 on white (FileInput's placeholder is text axe checks)
  },
  dark: {},
});
