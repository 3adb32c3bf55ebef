import { describe, expect, it } from 'vitest';
import { weightedValue } from '../contracts/pursuits';
import { canPipeline, pipelineCaller, PIPELINE_ABILITIES } from './pipeline-roles';

describe('pipeline roles (issue 26)', () => {
  it('never lets a guest do anything, whatever the role says', () => {
    expect(pipelineCaller({ role: 'admin', is_guest: true })).toBe('guest');
    for (const ability of Object.keys(PIPELINE_ABILITIES) as (keyof typeof PIPELINE_ABILITIES)[]) {
      expect(canPipeline('guest', ability, { actorId: 'g', ownerId: 'g' }), ability).toBe(false);
    }
  });

  it('lets a user change only pursuits they own or that nobody owns; admins any', () => {
    expect(canPipeline('user', 'pursuit.move', { actorId: 'u', ownerId: 'u' })).toBe(true);
    expect(canPipeline('user', 'pursuit.move', { actorId: 'u', ownerId: null })).toBe(true);
    expect(canPipeline('user', 'pursuit.move', { actorId: 'u', ownerId: 'v' })).toBe(false);
    expect(canPipeline('user', 'pursuit.move', { actorId: 'u' })).toBe(false);
    expect(canPipeline('admin', 'pursuit.delete', { actorId: 'a', ownerId: 'v' })).toBe(true);
    expect(canPipeline('user', 'pipeline.configureStages')).toBe(false);
    expect(canPipeline('user', 'pipeline.view')).toBe(true);
  });
});

describe('weightedValue', () => {
  it('is value × p(win) × p(go) to the cent, p(go) unset counting as 100%', () => {
    expect(weightedValue(2_000_000, 40, 75)).toBe(600_000);
    expect(weightedValue(100.1, 50, null)).toBe(50.05);
    expect(weightedValue(333.33, 33, 100)).toBe(110);
    expect(weightedValue(0.05, 50, 50)).toBe(0.01);
  });
  it('is unknown, not zero, without a value or p(win)', () => {
    expect(weightedValue(null, 50, 50)).toBeNull();
    expect(weightedValue(1000, null, 50)).toBeNull();
    expect(weightedValue(1000, 0, 50)).toBe(0);
  });
});
