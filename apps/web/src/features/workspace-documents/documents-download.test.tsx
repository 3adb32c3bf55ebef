import { describe, expect, it, vi } from 'vitest';
import { lockAge, saveDocument } from './components/save-download';

describe('saveDocument', () => {
  it('says "Invalid file data received" when the answer is not a file', async () => {
    const fetch = vi.fn(async () => ({ ok: true, status: 200, headers: new Headers(), blob: async () => 'not a blob' }));
    vi.stubGlobal('fetch', fetch);
    await expect(saveDocument('doc-1', 'a.docx')).rejects.toThrow('Invalid file data received');
    expect(fetch).toHaveBeenCalledWith('/api/documents/doc-1/download', expect.objectContaining({ method: 'GET' }));
  });
});

describe('lockAge', () => {
  it('says just now under a minute, then minutes, hours under a day, then days', () => {
    const now = new Date('2026-11-10T12:00:00.000Z');
    expect(lockAge('2026-11-10T11:59:30.000Z', now)).toBe('just now');
    expect(lockAge('2026-11-10T11:15:00.000Z', now)).toBe('45 min');
    expect(lockAge('2026-11-10T09:00:00.000Z', now)).toBe('3 h');
    expect(lockAge('2026-11-08T11:00:00.000Z', now)).toBe('2 d');
  });
});
