import { WorkspaceChangeAreaSchema } from '@biddesk/shared';
import { expect } from 'vitest';
import { workspaceSnapshot } from '../../../test/factories';
import { NDA, OK, cells, describeRoleTable, type Scenario } from '../../../test/role-table';

/**
 * WORKSPACES.md §5 for GET /workspaces/{id}/changes (issue 21 item 3), which had only a 401/403/404
 * spot check: every role reads it, archived or not; an NDA-pending member is gated like the content
 * it reports on; invitations show only to those who may list them (the owner). Reads change nothing.
 */

interface Fixture {
  workspaceId: string;
}
type Snapshot = Awaited<ReturnType<typeof workspaceSnapshot>>;

const everyMemberReads = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: OK,
  VIEWER: OK,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: OK,
  ARCHIVED_CONTRIBUTOR: OK,
});
const isOwner = (s: Scenario) => s === 'OWNER' || s === 'ARCHIVED_OWNER';

describeRoleTable<Fixture, Snapshot>({
  fixture: async (_ctx, _s, workspaceId) => ({ workspaceId }),
  snapshot: ({ t }, f) => workspaceSnapshot(t.db, f.workspaceId),
  endpoints: [
    {
      name: 'GET /workspaces/{id}/changes (first call)',
      method: 'GET',
      url: (f) => `/api/workspaces/${f.workspaceId}/changes`,
      cells: everyMemberReads,
      answer: (_f, res) => expect(res.json()).toEqual({ cursor: expect.stringMatching(/^\d+$/), changed: [] }),
    },
    {
      name: 'GET /workspaces/{id}/changes?since= (a cursor too old to read: every area the caller may see)',
      method: 'GET',
      url: (f) => `/api/workspaces/${f.workspaceId}/changes?since=1`,
      cells: everyMemberReads,
      answer: (_f, res, s) => {
        const areas = WorkspaceChangeAreaSchema.options;
        expect(res.json().changed).toEqual(isOwner(s) ? areas : areas.filter((a) => a !== 'invites'));
      },
    },
  ],
});
