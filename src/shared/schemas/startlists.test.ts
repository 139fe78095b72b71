import { describe, expect, it } from 'vitest';
import { startTimeText } from './startlists';

describe('start times as a start list shows them', () => {
  const startsAt = '2026-06-01T20:30:00.000Z'; // 22:30 in Ljubljana (summer time)

  it('shows the clock in the venue’s time zone on the competition’s day', () => {
    expect(startTimeText('2026-06-01T21:45:00.000Z', startsAt, 'Europe/Ljubljana', 'de')).toBe('23:45');
  });

  it('shows the date with a time after midnight', () => {
    // 00:10 on 2 June in Ljubljana, though still 1 June in UTC.
    expect(startTimeText('2026-06-01T22:10:00.000Z', startsAt, 'Europe/Ljubljana', 'de')).toBe('2.6. 00:10');
    expect(startTimeText('2026-06-01T22:10:00.000Z', startsAt, 'Europe/Ljubljana', 'en-GB')).toBe('02/06 00:10');
  });

  it('is empty without a time', () => {
    expect(startTimeText(null, startsAt, 'Europe/Ljubljana', 'de')).toBe('');
  });
});
