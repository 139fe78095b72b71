import { describe, expect, it } from 'vitest';
import { csvText, neutralise, numberCell } from '../../server/src/modules/reports/csv';

describe('CSV cells', () => {
  it('turn text a spreadsheet would run as a formula into text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutralise(`${start}cmd|' /C calc'!A0`)).toBe(`'${start}cmd|' /C calc'!A0`);
    }
    for (const safe of ['Box 12', '', "'quoted", ' =spaced', '12.50']) expect(neutralise(safe)).toBe(safe);
  });

  it('write numbers as they are and text neutralised, quoted where needed', () => {
    const text = csvText([
      ['Description', 'Gross'],
      ['-12.50', numberCell('-12.50')],
      ['=1;2', numberCell('+3')],
      ['\rline', 'a"b'],
    ]);
    expect(text).toBe(`Description;Gross\r\n'-12.50;-12.50\r\n"'=1;2";+3\r\n"'\rline";"a""b"\r\n`);
  });
});
