import { describe, expect, it } from 'vitest';
import { evidenceKinds, substance } from './quality';
import { analyse } from './text';

describe('evidenceKinds', () => {
  it('finds figures, dates, certifications, past performance and named roles', () => {
    expect(evidenceKinds('We cut ticket backlog by 38% and saved $1.2 million.')).toEqual(['figure']);
    expect(evidenceKinds('Our 45 engineers support 3 agencies.')).toEqual(['figure']);
    expect(evidenceKinds('Completed in March 2022.')).toEqual(['date']);
    expect(evidenceKinds('We are ISO 9001 registered, appraised at CMMI-DEV Level 3 and FedRAMP authorized.')).toEqual(['certification']);
    expect(evidenceKinds('Under contract number GS-35F-0119Y we delivered the new portal.')).toEqual(['past performance']);
    expect(evidenceKinds('Our Program Manager, Dana Reyes, PMP, leads the team.')).toEqual(['certification', 'named role']);
  });

  it('does not take references or vague claims for evidence', () => {
    expect(evidenceKinds('We follow section 2.2 key personnel guidance and NIST SP 800-53 controls.')).toEqual(['certification']);
    expect(evidenceKinds('We have extensive experience and a proven track record of excellence.')).toEqual([]);
    expect(evidenceKinds('See section 3 of Volume 2.')).toEqual([]);
  });
});

describe('substance', () => {
  const score = (text: string, sentences: number) => substance(analyse(text), sentences, evidenceKinds(text));

  it('rates prose above a keyword list of the same words', () => {
    const prose = score(
      'We will transition all work from the incumbent within 30 days, and our staff shadow theirs during the first two weeks.',
      1,
    );
    const list = score('Transition incumbent 30 days staff shadow transition incumbent transition staffing plan key personnel.', 1);
    expect(prose).toBe(1);
    expect(list).toBeLessThan(0.5);
  });

  it('penalises fragments and repetition, and gives nothing for no words', () => {
    expect(score('Security. ISO. Staffing plan. Transition. Key personnel. Quality.', 6)).toBeLessThan(0.3);
    expect(score('the security of the security of the security of the security', 1)).toBeLessThan(0.3);
    expect(substance(analyse(''), 0, [])).toBe(0);
  });
});
