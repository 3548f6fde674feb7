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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    ActionIcon: { defaultProps: { variant: 'subtle' } },
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 250 } },
  },
});

/** Mantine's default dimmed grey is below 4.5:1 on white; use a darker one for AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#737b83',
  },
  dark: {},
});
