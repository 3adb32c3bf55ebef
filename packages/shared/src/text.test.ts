import { describe, expect, it } from 'vitest';
import { SendNotificationBodySchema } from './contracts/admin';
import { RegisterBodySchema } from './contracts/auth';
import { OpportunityListQuerySchema } from './contracts/opportunities';
import { CreateTaskBodySchema } from './contracts/tasks';
import { findUnsafeText, safeText, unsafeTextProblem } from './text';

describe('safe text', () => {
  it('accepts ordinary text, including emoji (paired surrogates)', () => {
    expect(unsafeTextProblem('Janitorial services – Fort Bragg 😀')).toBeNull();
    expect(safeText('Title').safeParse('\ud83d\ude00').success).toBe(true);
  });

  it('refuses NUL and unpaired surrogates with a message naming the field', () => {
    const schema = safeText('Title', 'Title is required').trim().min(1, 'Title is required');
    expect(schema.safeParse('a\u0000b').error?.issues[0]?.message).toBe('Title must not contain a NUL character');
    expect(schema.safeParse('\ud800').error?.issues[0]?.message).toBe('Title must not contain an unpaired surrogate (invalid Unicode)');
    expect(schema.safeParse('x\udc00').success).toBe(false);
    expect(schema.safeParse('\udc00\ud800').success).toBe(false);
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Title is required');
  });

  it('is what the contracts use for the text a client sends', () => {
    expect(OpportunityListQuerySchema.safeParse({ keyword: 'a\u0000' }).success).toBe(false);
    expect(OpportunityListQuerySchema.safeParse({ agency: 'x\u0000' }).success).toBe(false);
    expect(OpportunityListQuerySchema.safeParse({ set_aside: '\ud800' }).success).toBe(false);
    expect(SendNotificationBodySchema.safeParse({ title: 'Hi \ud800', message: 'm' }).success).toBe(false);
    expect(RegisterBodySchema.safeParse({ name: 'N\u0000', email: 'a@b.co', password: 'secret1', invite_code: 'X' }).success).toBe(false);
    expect(CreateTaskBodySchema.safeParse({ title: 'ok', labels: ['\u0000'] }).success).toBe(false);
  });

  it('finds the first bad string anywhere in a body, with its path', () => {
    expect(findUnsafeText({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual({ path: 'b.0.c', problem: 'must not contain a NUL character' });
    expect(findUnsafeText({ ['k\u0000']: 1 })?.problem).toBe('must not contain a NUL character');
    expect(findUnsafeText({ a: 'ok', n: 1, z: null })).toBeNull();
  });
});
