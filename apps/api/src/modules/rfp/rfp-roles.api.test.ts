import { randomUUID } from 'node:crypto';
import { extractRequirements } from '@biddesk/analysis';
import { expect } from 'vitest';
import { multipartFile } from '../../../test/multipart';
import { ARCHIVED, NDA, OK, cells, describeRoleTable, type RoleTableEndpoint } from '../../../test/role-table';
import { SMALL_DRAFT, SMALL_PAGES, docx, rfpSnapshot } from '../../../test/rfp-factories';
import { solicitationPdf } from '../../../test/solicitation-pdf';
import { rfpAnalyses, rfpSolicitations } from '../../db/schema/index';

/**
 * WORKSPACES.md §5 for RFP analysis: every RFP endpoint over the roles, a non-member, no token, an
 * NDA-pending member and an archived workspace. Runs need `rfp.run` (VIEWERs only read results);
 * reads and refusals leave solicitations, analyses, activity and notifications as they were.
 */

type Snapshot = Awaited<ReturnType<typeof rfpSnapshot>>;
interface Fixture {
  workspaceId: string;
}
type Endpoint = RoleTableEndpoint<Fixture, Snapshot>;
const at = (path: string) => (f: Fixture) => `/api/workspaces/${f.workspaceId}${path}`;

const NOT_ALLOWED = { status: 403, detail: "You don't have permission to do that in this workspace" };
const reads = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: OK,
  VIEWER: OK,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: OK,
  ARCHIVED_CONTRIBUTOR: OK,
});
const runs = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: OK,
  VIEWER: NOT_ALLOWED,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: ARCHIVED,
  ARCHIVED_CONTRIBUTOR: ARCHIVED,
});

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /workspaces/{id}/rfp/upload',
    method: 'POST',
    url: at('/rfp/upload'),
    request: async () => multipartFile('file', 'solicitation.pdf', await solicitationPdf()),
    cells: runs,
    effect: (_f, before, after, res) => {
      expect(after.solicitations.map((s) => s.version)).toEqual([1, 2]);
      expect(res.json()).toMatchObject({ version: 2, file_name: 'solicitation.pdf', solicitation_id: after.solicitations[1]!.id });
      expect(res.json().requirements_count).toBeGreaterThan(0);
      // Version 1 was there: the upload is an amendment (the same small solicitation, so nothing changed).
      expect(after.activity).toEqual([...before.activity, 'rfp.amendment_diffed', 'rfp.uploaded'].sort());
      expect(res.json().amendment).toMatchObject({
        version: 2,
        previous_version: 1,
        counts: { added: 0, changed: 0, removed: 0, tasks_affected: 0 },
      });
      // Every other active member of the five gets one bell.
      expect(after.notificationCount).toBe(before.notificationCount + 4);
    },
  },
  {
    name: 'GET /workspaces/{id}/rfp/solicitation',
    method: 'GET',
    url: at('/rfp/solicitation'),
    cells: reads,
    answer: (_f, res) => {
      expect(res.json()).toMatchObject({ version: 1, file_name: 'v1.pdf', processing_status: 'completed' });
      // Every role that reads the RFP reads its form facts with their sources (issue 22).
      expect(res.json().form_facts).toMatchObject({
        form: 'SF-1449',
        offer_due: { text: 'Jan 5, 2027, 2:00 PM EST', source: 'SF-1449 block 8, p. 1' },
      });
    },
  },
  { name: 'GET /workspaces/{id}/rfp/solicitations', method: 'GET', url: at('/rfp/solicitations'), cells: reads },
  {
    name: 'POST /workspaces/{id}/rfp/analyze-draft',
    method: 'POST',
    url: at('/rfp/analyze-draft'),
    request: async () => multipartFile('file', 'draft.docx', await docx(`${SMALL_DRAFT}\n${randomUUID()}`), 'application/octet-stream'),
    cells: runs,
    effect: (_f, before, after, res) => {
      expect(after.analyses).toHaveLength(before.analyses.length + 1);
      expect(res.json()).toMatchObject({
        draft_file_name: 'draft.docx',
        solicitation_id: after.solicitations[0]!.id,
        solicitation_version: 1,
      });
      expect(after.activity).toEqual([...before.activity, 'rfp.draft_analyzed'].sort());
    },
  },
  {
    name: 'GET /workspaces/{id}/rfp/analysis',
    method: 'GET',
    url: at('/rfp/analysis'),
    cells: reads,
    answer: (_f, res) => expect(res.json()).toMatchObject({ draft_file_name: 'old.pdf', coverage_score: 50 }),
  },
  { name: 'GET /workspaces/{id}/rfp/analyses', method: 'GET', url: at('/rfp/analyses'), cells: reads },
];

const FORM_FACTS = {
  form: 'SF-1449',
  offerDue: { value: { date: '2027-01-05', time: '2:00 PM', zone: 'EST' }, page: 1, caption: '8. OFFER DUE DATE / 8. OFFER LOCAL TIME' },
};

/** A workspace of five members with solicitation version 1 and one analysis of it. */
describeRoleTable<Fixture, Snapshot>({
  fixture: async ({ t, users }, _s, workspaceId) => {
    const owner = users.owner!.user.id;
    const requirements = extractRequirements(SMALL_PAGES.map((lines, i) => ({ page: i + 1, text: lines.join('\n') })));
    const [sol] = await t.db
      .insert(rfpSolicitations)
      .values({
        workspaceId: workspaceId,
        version: 1,
        fileName: 'v1.pdf',
        storageKey: 'k1',
        sizeBytes: 10,
        pageCount: 3,
        requirements,
        uploadedBy: owner,
        formFacts: FORM_FACTS,
      })
      .returning();
    await t.db.insert(rfpAnalyses).values({
      workspaceId,
      solicitationId: sol!.id,
      draftFileName: 'old.pdf',
      draftStorageKey: 'k2',
      draftSizeBytes: 10,
      fitScore: 40,
      coverageScore: 50,
      evidenceScore: 30,
      languageMatchScore: 60,
      createdBy: owner,
    });
    return { workspaceId };
  },
  snapshot: ({ t }, f) => rfpSnapshot(t.db, f.workspaceId),
  endpoints: ENDPOINTS,
});
