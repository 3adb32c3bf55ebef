import { describe, expect, it } from 'vitest';
import { getUrgency } from './urgency';

const now = new Date('2026-03-01T12:00:00Z');
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);

describe('getUrgency', () => {
  it('has no deadline without a date', () => {
    expect(getUrgency(null, now)).toEqual({ level: 'none', label: 'No deadline', days: null });
    expect(getUrgency('not a date', now).level).toBe('none');
  });
  it('is expired below 0 days', () => {
    expect(getUrgency(inDays(-1.5), now)).toMatchObject({ level: 'expired', label: 'Expired' });
  });
  it('rounds partial days up and is urgent from 0 to 7', () => {
    expect(getUrgency(inDays(0), now)).toMatchObject({ level: 'urgent', label: '0d left' });
    expect(getUrgency(inDays(6.2), now)).toMatchObject({ level: 'urgent', label: '7d left' });
  });
  it('is warning from 8 to 14 and good above', () => {
    expect(getUrgency(inDays(8), now).level).toBe('warning');
    expect(getUrgency(inDays(14), now).level).toBe('warning');
    expect(getUrgency(inDays(15), now)).toMatchObject({ level: 'good', label: '15d left' });
  });
  it('honours a wider alert threshold', () => {
    expect(getUrgency(inDays(10), now, 14).level).toBe('urgent');
  });
});
