import { type CSSVariablesResolver, createTheme, darken } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // Teal's default shade 6 gives white text 2.5:1; shade 9 passes WCAG AA's 4.5:1 (issue 11).
  primaryShade: { light: 9, dark: 8 },
  // Text on filled colours (badges, buttons of other colours) turns dark where white would not read.
  autoContrast: true,
  // Dialogs, menus and popovers appear without motion for people who asked their system for less (WCAG 2.3.3).
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Touch targets of at least 40 px on tablets.
  components: {
    Button: { defaultProps: { size: 'sm' } },
    // Mantine renders a dialog's title bar as <header>, a second banner landmark beside the app's.
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
  },
});

/**
 * Contrast of at least 4.5:1 (issue 11): dimmed text (counts, hints) one gray darker than Mantine's
 * 3.3:1, form errors in red 8, and the text of light variants (badges, the active link, light
 * buttons) darker than shade 9, which reads only 4.3:1 on shade 1 in teal and the other light palettes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': mantineTheme.colors.gray[7],
    // Placeholders: gray 5 reads 2.1:1, and a date picker's placeholder is text axe measures; this gray reads 4.7:1.
    '--mantine-color-placeholder': '#6c757d',
    // Field errors (message and the field's text): Mantine's red 6 reads 3.3:1 on white.
    '--mantine-color-error': mantineTheme.colors.red[8],
    ...Object.fromEntries(
      Object.entries(mantineTheme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.25),
      ]),
    ),
  },
  dark: {},
});
