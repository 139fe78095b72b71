import { createTheme, Title, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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
  },
});

/** Dimmed text dark enough for WCAG AA contrast on white (Mantine's default gray 6 is not). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
