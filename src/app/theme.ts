import { createTheme, darken, Title, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import i18next from 'i18next';

/** Paddock green (#2f6b3a, the manifest's theme colour) as shade 7. */
const paddock: MantineColorsTuple = [
  '#eef7ef',
  '#dcebdd',
  '#b5d6b8',
  '#8cc090',
  '#6aad6f',
  '#54a15a',
  '#489a4f',
  '#2f6b3a',
  '#2c5f34',
  '#1f4a27',
];

export const theme = createTheme({
  primaryColor: 'paddock',
  primaryShade: 7,
  colors: { paddock },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Long German and Polish compounds ("Besucherregistrierung") must wrap on a phone, not overflow.
    Title: Title.extend({ styles: { root: { overflowWrap: 'break-word', hyphens: 'auto' } } }),
    // Buttons too: Mantine keeps a label on one line and cuts what does not fit, so a long label
    // ("Rechnungsangaben speichern") was clipped on a 360 px phone. The label wraps and the button
    // grows instead, never below its usual height.
    Button: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%' },
        inner: { paddingBlock: 4 },
        label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.25 },
      },
    },
    // The arrow controls are icons only: they need a name (WCAG button-name) in the user's language.
    // A plain entry, not Pagination.extend(): importing Pagination here would load it on /login.
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
          'aria-label': i18next.t(`common:pagination.${control}`),
        }),
      },
    },
  },
});

/**
 * How much darker the text of the light variants (Alert titles, Badges, light Buttons) must be
 * than Mantine's shade 9 for WCAG AA contrast (4.5:1) on their tint, shade 1: green's is 3.8:1,
 * yellow's 2.7:1. The other colours pass as they are.
 */
const LIGHT_TEXT_DARKEN = { teal: 0.1, green: 0.15, lime: 0.2, yellow: 0.3, orange: 0.2 } as const;

/**
 * Dimmed text dark enough for WCAG AA contrast on white (Mantine's default gray 6 is not), and
 * the light variants' text darkened as above.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.entries(LIGHT_TEXT_DARKEN).map(([color, amount]) => [
        `--mantine-color-${color}-light-color`,
        darken(current.colors[color]![9], amount),
      ]),
    ),
  },
  dark: {},
});
