import type { RankingRule } from './ranking';

/*
 * The rule a competition is judged under, as the FEI's results XML names it: for jumping the
 * article of the FEI Jumping Rules (238.2.1 Table A against the clock, 238.2.2 with a jump-off,
 * 239 Table C, 274.5.3 two phases …), read from the competition's rule text ("Table A, 238.2.2");
 * for dressage the test (FEI Grand Prix …), which is the rule text itself. A competition without
 * one cannot be reported: the FEI refuses results it cannot place under a rule.
 */

/** Why the FEI would refuse a competition's results. */
export const FEI_RESULT_PROBLEMS = ['no_fei_id', 'no_fei_rule'] as const;
export type FeiResultProblem = (typeof FEI_RESULT_PROBLEMS)[number];

/** An article of the FEI Jumping Rules (Art. 200–299, with its paragraphs). */
const JUMPING_ARTICLE = /(?:^|[^\d.])(2\d\d(?:\.\d{1,2}){0,3})(?![\d.]*\d)/;

/** The FEI rule code of a competition, or null when its rule text names none. */
export function feiRuleCode(rankingRule: RankingRule, rule: string | null | undefined): string | null {
  const text = rule?.trim() ?? '';
  if (!text) return null;
  if (rankingRule === 'dressage') return text;
  return JUMPING_ARTICLE.exec(text)?.[1] ?? null;
}
