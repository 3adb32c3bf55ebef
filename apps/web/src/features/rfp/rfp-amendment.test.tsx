import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RfpAmendment, RfpMatrix, RfpRequirement, RfpSolicitation, Task, Workspace, WorkspaceRole } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { workspaceApi, ws } from '../../test/workspace-test-api';

type Handlers = Parameters<typeof stubApi>[0];
// The workspace route loads lazily; on a busy machine the first render can take seconds.
const PAGE = { timeout: 20_000 };

const req = (id: string, section: string, text: string, page = 2): RfpRequirement => ({
  requirement_id: id,
  section,
  must_or_should: 'must',
  weight: 1,
  text,
  page,
  basis: null,
  lead_in: null,
  correction: null,
});
const { weight: _w1, ...changedNow } = req(
  'L-5.1-aa11',
  'L',
  'Quotes must be valid for at least 90 calendar days after the quotation response date.',
);
const { weight: _w2, ...changedWas } = req(
  'L-5.1-ddc7',
  'L',
  'Quotes must be valid for at least 60 calendar days after the quotation response date.',
);
const { weight: _w3, ...added } = req('C-2.1-77ff', 'C', 'Vendor must publish release notes for every production deployment.', 1);
const { weight: _w4, ...removed } = req(
  'C-2.1-99d9',
  'C',
  'Vendor must post all code to a publicly-available code repository, with a Public Domain license.',
  1,
);
const AMENDMENT: RfpAmendment = {
  solicitation_id: 'sol-2',
  version: 2,
  file_name: 'rfq-amendment-1.pdf',
  previous_solicitation_id: 'sol-1',
  previous_version: 1,
  created_at: '2026-11-23T12:00:00.000Z',
  counts: { unchanged: 101, changed: 1, added: 1, removed: 1, tasks_affected: 2 },
  changed: [{ previous: changedWas, current: changedNow, similarity: 0.857, tasks: [{ id: 't1', title: 'Quote validity' }] }],
  added: [added],
  removed: [{ ...removed, tasks: [{ id: 't2', title: 'Public repository' }] }],
  tasks_affected: [
    { id: 't1', title: 'Quote validity' },
    { id: 't2', title: 'Public repository' },
  ],
};
const SOLICITATION: RfpSolicitation = {
  id: 'sol-2',
  workspace_id: ws.id,
  version: 2,
  file_name: 'rfq-amendment-1.pdf',
  processing_status: 'completed',
  page_count: 9,
  requirements_count: 2,
  created_at: '2026-11-23T12:00:00.000Z',
  requirements: [
    { ...changedNow, weight: 1 },
    { ...added, weight: 1 },
  ],
  amendment: AMENDMENT,
  form_facts: null,
};

function task(id: string, title: string, overrides: Partial<Task> = {}): Task {
  return {
    id,
    title,
    description: null,
    status: 'TODO',
    assignee_user_id: null,
    assignee_name: null,
    due_at: null,
    labels: [],
    requirement_ids: [],
    requirement_changes: [],
    created_by: 'someone-else',
    created_at: '2026-11-05T12:00:00.000Z',
    updated_at: '2026-11-05T12:00:00.000Z',
    ...overrides,
  };
}
const FLAGGED = task('00000000-0000-4000-8000-000000000001', 'Quote validity', {
  requirement_ids: [changedNow.requirement_id],
  requirement_changes: [
    {
      version: 2,
      change: 'changed',
      requirement_id: changedWas.requirement_id,
      new_requirement_id: changedNow.requirement_id,
      previous_text: changedWas.text,
      text: changedNow.text,
    },
    {
      version: 2,
      change: 'removed',
      requirement_id: removed.requirement_id,
      new_requirement_id: null,
      previous_text: removed.text,
      text: null,
    },
  ],
});
const QUIET = task('00000000-0000-4000-8000-000000000002', 'Cover letter');

const as = (role: WorkspaceRole, archived = false): Workspace => ({
  ...ws,
  user_role: role,
  archived,
  archived_at: archived ? '2026-11-07T12:00:00.000Z' : null,
});
function api(w: Workspace, extra: Handlers = {}): Handlers {
  return {
    ...workspaceApi(w),
    [`GET /api/workspaces/${w.id}/messages`]: () => ({ body: { messages: [], total: 0 } }),
    [`GET /api/workspaces/${w.id}/rfp/solicitation`]: () => ({ body: SOLICITATION }),
    [`GET /api/workspaces/${w.id}/rfp/analysis`]: () => ({ status: 404, body: { detail: 'No analysis yet' } }),
    [`GET /api/workspaces/${w.id}/tasks`]: () => ({ body: [FLAGGED, QUIET] }),
    ...extra,
  };
}

describe('RFP tab: the amendment diff', () => {
  it('shows the counts, the reworded requirement old → new, the added and the removed one with the tasks they flag', async () => {
    stubApi(api(ws));
    renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
    const card = await screen.findByTestId('rfp-amendment', {}, PAGE);
    expect(within(card).getByRole('heading', { name: 'Amendment: version 2 against version 1' })).toBeInTheDocument();
    expect(within(card).getByTestId('amendment-counts')).toHaveTextContent('1 added1 changed1 removed101 unchanged2 tasks affected');

    const changed = within(card).getByTestId('amendment-changed');
    expect(changed).toHaveTextContent(`${changedWas.requirement_id} →${changedNow.requirement_id}`);
    expect(within(changed).getByTestId('amendment-previous-text')).toHaveTextContent(`Was: ${changedWas.text}`);
    expect(within(changed).getByTestId('amendment-current-text')).toHaveTextContent(`Now: ${changedNow.text}`);
    // Word by word: the cut "60" is struck through, the new "90" marked.
    expect(within(within(changed).getByTestId('amendment-previous-text')).getByText('60').style.textDecoration).toBe('line-through');
    expect(within(within(changed).getByTestId('amendment-current-text')).getByText('90')).toBeInTheDocument();
    expect(within(changed).getByText('Task: Quote validity')).toBeInTheDocument();

    expect(within(card).getByTestId('amendment-added')).toHaveTextContent(added.text);
    const gone = within(card).getByTestId('amendment-removed');
    expect(gone).toHaveTextContent(removed.text);
    expect(within(gone).getByText('Task: Public repository')).toBeInTheDocument();
  });

  it('says nothing changed when a re-upload is identical', async () => {
    const same = {
      ...AMENDMENT,
      counts: { unchanged: 2, changed: 0, added: 0, removed: 0, tasks_affected: 0 },
      changed: [],
      added: [],
      removed: [],
      tasks_affected: [],
    };
    stubApi(api(ws, { [`GET /api/workspaces/${ws.id}/rfp/solicitation`]: () => ({ body: { ...SOLICITATION, amendment: same } }) }));
    renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
    expect(
      await screen.findByText('No requirement changed: the 2 requirements are the same as in version 1.', {}, PAGE),
    ).toBeInTheDocument();
  });

  it('shows no amendment card for a first version', async () => {
    stubApi(
      api(ws, { [`GET /api/workspaces/${ws.id}/rfp/solicitation`]: () => ({ body: { ...SOLICITATION, version: 1, amendment: null } }) }),
    );
    renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
    await screen.findByText(/^Version 1 ·/, {}, PAGE);
    expect(screen.queryByTestId('rfp-amendment')).toBeNull();
  });

  it('marks the new and the reworded requirement and the flagged task in the compliance matrix', async () => {
    const row = (r: Omit<RfpRequirement, 'weight'>, extra: Partial<RfpMatrix['rows'][number]>) => ({
      ...r,
      task: null,
      draft: null,
      amendment: null,
      ...extra,
    });
    const matrix: RfpMatrix = {
      solicitation_id: 'sol-2',
      version: 2,
      analysis_id: null,
      excluded_count: 0,
      rows: [
        row(changedNow, {
          task: { id: FLAGGED.id, title: 'Quote validity', status: 'IN_PROGRESS', assignee_name: null, requirements_changed: true },
          amendment: { change: 'changed', version: 2, previous_text: changedWas.text },
        }),
        row(added, { amendment: { change: 'added', version: 2, previous_text: null } }),
      ],
    };
    stubApi(api(ws, { [`GET /api/workspaces/${ws.id}/rfp/matrix`]: () => ({ body: matrix }) }));
    renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
    await userEvent.click(
      within(await screen.findByRole('radiogroup', { name: 'Requirements view' }, PAGE)).getByText('Compliance Matrix'),
    );
    const changedRow = await screen.findByTestId(`matrix-row-${changedNow.requirement_id}`);
    expect(changedRow).toHaveAttribute('data-amended', 'changed');
    expect(within(changedRow).getByText('Changed in v2')).toBeInTheDocument();
    expect(within(changedRow).getByText(changedWas.text)).toHaveAttribute('title', 'Wording in the previous version');
    expect(within(changedRow).getByText('Requirements changed')).toBeInTheDocument();
    const addedRow = screen.getByTestId(`matrix-row-${added.requirement_id}`);
    expect(addedRow).toHaveAttribute('data-amended', 'added');
    expect(within(addedRow).getByText('New in v2')).toBeInTheDocument();
  });
});

/** Uploads go through XMLHttpRequest (for progress); this stand-in hands them to the stubbed fetch. */
class FakeXhr {
  upload = { onprogress: null, onload: null as (() => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  async send(body: FormData) {
    this.upload.onload?.();
    const res = await fetch(this.url, { method: this.method, headers: this.headers, body });
    this.status = res.status;
    this.responseText = await res.text();
    this.onload?.();
  }
}

describe('RFP tab: uploading an amendment', () => {
  it('says what the amendment changed in a toast and shows its diff', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let uploaded = false;
    const first = { ...SOLICITATION, version: 1, id: 'sol-1', amendment: null };
    stubApi(
      api(ws, {
        [`GET /api/workspaces/${ws.id}/rfp/solicitation`]: () => ({ body: uploaded ? SOLICITATION : first }),
        [`POST /api/workspaces/${ws.id}/rfp/upload`]: () => {
          uploaded = true;
          return {
            body: {
              solicitation_id: 'sol-2',
              requirements: SOLICITATION.requirements,
              requirements_count: 2,
              version: 2,
              file_name: 'rfq-amendment-1.pdf',
              amendment: AMENDMENT,
            },
          };
        },
      }),
    );
    renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload New RFP' }, PAGE));
    const input = screen.getByTestId('file-upload-card').querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.4'], 'rfq-amendment-1.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload RFP PDF' }));
    expect(await screen.findByText('RFP amended: 1 added, 1 changed, 1 removed — 2 tasks affected')).toBeInTheDocument();
    expect(await screen.findByTestId('rfp-amendment')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

describe('Tasks board: tasks an amendment touched', () => {
  const cardOf = (title: string) => screen.getAllByTestId('task-card').find((c) => within(c).queryByText(title))!;

  it('flags the card with what changed and lets a contributor dismiss it up to the version shown', async () => {
    const calls = stubApi(
      api(as('CONTRIBUTOR'), {
        [`POST /api/tasks/${FLAGGED.id}/requirement-changes/dismiss`]: () => ({ body: { ...FLAGGED, requirement_changes: [] } }),
      }),
    );
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await screen.findByTestId('task-board', {}, PAGE);
    const flag = within(cardOf('Quote validity')).getByTestId('task-requirements-changed');
    expect(flag).toHaveTextContent('Requirements changed in the amended RFP');
    expect(flag).toHaveTextContent(
      `${changedWas.requirement_id} → ${changedNow.requirement_id} reworded in version 2: "${changedNow.text}"`,
    );
    expect(flag).toHaveTextContent(`${removed.requirement_id} removed in version 2`);
    expect(within(cardOf('Cover letter')).queryByTestId('task-requirements-changed')).toBeNull();

    await userEvent.click(within(flag).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/api/tasks/${FLAGGED.id}/requirement-changes/dismiss`,
      body: { through_version: 2 },
    });
    expect(await screen.findByText('Requirement changes dismissed')).toBeInTheDocument();
  });

  it.each([
    ['REVIEWER', false],
    ['VIEWER', false],
    ['OWNER', true],
  ] as const)('as %s the flag shows, with Dismiss only for those the matrix allows', async (role, canDismiss) => {
    stubApi(api(as(role)));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await screen.findByTestId('task-board', {}, PAGE);
    const flag = within(cardOf('Quote validity')).getByTestId('task-requirements-changed');
    expect(within(flag).queryByRole('button', { name: 'Dismiss' }) !== null).toBe(canDismiss);
  });

  it('offers no Dismiss in an archived workspace', async () => {
    stubApi(api(as('OWNER', true)));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await screen.findByTestId('task-board', {}, PAGE);
    const flag = within(cardOf('Quote validity')).getByTestId('task-requirements-changed');
    expect(within(flag).queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });
});
