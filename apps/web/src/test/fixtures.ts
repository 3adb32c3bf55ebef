import type {
  GeneratedDocument,
  InviteDetails,
  Member,
  Nda,
  Opportunity,
  OpportunitySummary,
  PendingInvite,
  Workspace,
} from '@biddesk/shared';

/** An opportunity as the API answers it; `n` makes id, notice id, title and number unique. */
export function opportunityFixture(n: number, overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    id: `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`,
    notice_id: `notice${n}`,
    agency: 'DEPT OF DEFENSE',
    sub_tier: null,
    office: null,
    title: `Opportunity ${n}`,
    solicitation_number: `SOL-${n}`,
    notice_type: 'Solicitation',
    naics: '541512',
    psc: 'D302',
    set_aside: null,
    set_aside_description: null,
    posted_date: new Date().toISOString(),
    response_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    response_time_zone: null,
    archive_date: null,
    active: true,
    saved: false,
    description: 'Text',
    attachments: [],
    pdf_processed: false,
    contacts: [],
    place_of_performance: null,
    award: null,
    link: null,
    additional_info_link: null,
    notice_count: 1,
    ...overrides,
  };
}

/** A listing row (summary instead of description) for opportunity `n`. */
export function opportunitySummaryFixture(n: number, overrides: Partial<OpportunitySummary> = {}): OpportunitySummary {
  const {
    description: _d,
    attachments: _a,
    contacts: _c,
    place_of_performance: _p,
    award: _w,
    additional_info_link: _l,
    ...rest
  } = opportunityFixture(n);
  return { ...rest, summary: `Summary of opportunity ${n}`, ...overrides };
}

/** A generated document for opportunity `n`. */
export function generatedDocumentFixture(n: number, overrides: Partial<GeneratedDocument> = {}): GeneratedDocument {
  return {
    id: `10000000-0000-0000-0000-${String(n).padStart(12, '0')}`,
    opportunity_id: opportunityFixture(n).id,
    document_type: 'brief',
    content: `# Executive Brief\n\nOpportunity ${n}`,
    created_at: '2026-11-20T12:00:00.000Z',
    solicitation_number: `SOL-${n}`,
    metadata: { title: `Opportunity ${n}`, agency: 'DEPT OF DEFENSE' },
    ...overrides,
  };
}

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A workspace as GET /workspaces/{id} answers it; the caller is its OWNER unless overridden. */
export function workspaceFixture(n: number, overrides: Partial<Workspace> = {}): Workspace {
  const opp = opportunityFixture(n);
  return {
    id: uuid('20000000', n),
    name: `SOL-${n} - Opportunity ${n}`,
    user_role: 'OWNER',
    member_count: 2,
    document_count: 0,
    open_task_count: 0,
    archived: false,
    archived_at: null,
    created_at: '2026-11-01T12:00:00.000Z',
    owner_name: 'Uma User',
    require_nda: true,
    nda_required: false,
    opportunity: {
      id: opp.id,
      linked: true,
      title: opp.title,
      agency: opp.agency,
      solicitation_number: opp.solicitation_number,
      response_date: opp.response_date,
    },
    ...overrides,
  };
}

/** A workspace member. */
export function memberFixture(n: number, overrides: Partial<Member> = {}): Member {
  return {
    user_id: uuid('30000000', n),
    user_name: `Member ${n}`,
    user_email: `member${n}@example.com`,
    role: 'CONTRIBUTOR',
    status: 'ACTIVE',
    created_at: '2026-11-02T12:00:00.000Z',
    nda_accepted_at: null,
    ...overrides,
  };
}

/** The current NDA. */
export const ndaFixture: Nda = {
  id: uuid('40000000', 1),
  title: 'Mutual Non-Disclosure Agreement',
  body_markdown: '## 1. Purpose\n\nThe parties wish to share confidential information.\n\n## 2. Term\n\nTwo years.',
  version: 1,
  effective_at: '2026-01-15T00:00:00.000Z',
};

/** A valid invite as GET /join/{token} answers it. */
export function inviteDetailsFixture(overrides: Partial<InviteDetails> = {}): InviteDetails {
  return {
    status: 'VALID',
    message: 'Glad to have you on the bid.',
    workspace_id: workspaceFixture(1).id,
    workspace_name: 'SOL-1 - Opportunity 1',
    inviter_name: 'Olga Owner',
    role: 'REVIEWER',
    email: 'uma@example.com',
    expires_at: '2026-12-01T12:00:00.000Z',
    require_nda: true,
    has_account: true,
    ...overrides,
  };
}

/** An invitation on the invitee's dashboard. */
export function pendingInviteFixture(n: number, overrides: Partial<PendingInvite> = {}): PendingInvite {
  return {
    id: uuid('50000000', n),
    workspace_id: workspaceFixture(n).id,
    workspace_name: `Workspace ${n}`,
    inviter_name: 'Olga Owner',
    role: 'CONTRIBUTOR',
    message: null,
    expires_at: '2026-12-01T12:00:00.000Z',
    require_nda: false,
    token: null,
    ...overrides,
  };
}
