import { describe, expect, it } from 'vitest';
import { normalizeSolicitation } from './award-record';

describe('normalizeSolicitation', () => {
  it('drops the label typed before a real solicitation id (NOI 140G0322Q0180)', () => {
    expect(normalizeSolicitation('NOI 140G0322Q0180')).toBe('140G0322Q0180');
  });

  it('drops any leading words without a digit, with their punctuation', () => {
    expect(normalizeSolicitation('RFQ: W912HQ-24-Q-0001')).toBe('W912HQ24Q0001');
    expect(normalizeSolicitation('Sol No. N66001-19-R-4020')).toBe('N6600119R4020');
    expect(normalizeSolicitation('  rfp   80nssc18q0461 ')).toBe('80NSSC18Q0461');
  });

  it('keeps numbers without a label as the PIID rule normalises them', () => {
    expect(normalizeSolicitation('N62473-26-R-J503')).toBe('N6247326RJ503');
    expect(normalizeSolicitation('W912HQ24S0004')).toBe('W912HQ24S0004');
  });

  it('keeps real digit-less numbers whole instead of emptying them', () => {
    expect(normalizeSolicitation('VARIOUS')).toBe('VARIOUS');
    expect(normalizeSolicitation('SS ELEVATOR SERVICES')).toBe('SSELEVATORSERVICES');
  });

  it('gives null for blank, so a blank id matches nothing', () => {
    expect(normalizeSolicitation('')).toBeNull();
    expect(normalizeSolicitation('   ')).toBeNull();
    expect(normalizeSolicitation(null)).toBeNull();
    expect(normalizeSolicitation(undefined)).toBeNull();
  });
});
