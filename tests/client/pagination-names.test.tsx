import { MantineProvider, Pagination } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { changeLanguage } from '@/lib/i18n';

afterEach(async () => {
  await changeLanguage('en');
});

/** A list long enough to page (the demo show day's entries) must not show nameless arrow buttons. */
describe('pagination controls', () => {
  it.each([
    ['en', 'Previous page', 'Next page'],
    ['de', 'Vorherige Seite', 'Nächste Seite'],
  ] as const)('are named in %s', async (language, previous, next) => {
    await changeLanguage(language);
    render(
      <MantineProvider theme={theme}>
        <Pagination total={3} value={1} onChange={() => undefined} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: previous })).toBeTruthy();
    expect(screen.getByRole('button', { name: next })).toBeTruthy();
    expect(screen.getByRole('button', { name: '2' })).toBeTruthy();
    expect(
      screen.getAllByRole('button').filter((button) => !button.getAttribute('aria-label') && !button.textContent),
    ).toEqual([]);
  });
});
