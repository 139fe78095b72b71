import { describe, expect, it } from 'vitest';
import { feiRuleCode } from './fei-rule';

describe('the FEI rule code of a competition', () => {
  it('reads the FEI Jumping Rules article from the rule text', () => {
    expect(feiRuleCode('table_a_jump_off', 'Table A, 238.2.2')).toBe('238.2.2');
    expect(feiRuleCode('table_c', 'Art. 239')).toBe('239');
    expect(feiRuleCode('two_phases', 'Two phases 274.5.3.')).toBe('274.5.3');
  });

  it('has none for a jumping rule text without an article (the height is not one)', () => {
    expect(feiRuleCode('table_a', 'Table A')).toBeNull();
    expect(feiRuleCode('table_a', '1.30 m')).toBeNull();
    expect(feiRuleCode('table_a', 'Grand Prix 2026')).toBeNull();
    expect(feiRuleCode('table_a', null)).toBeNull();
  });

  it('takes a dressage test as it is named', () => {
    expect(feiRuleCode('dressage', 'FEI Grand Prix')).toBe('FEI Grand Prix');
    expect(feiRuleCode('dressage', '  ')).toBeNull();
  });
});
