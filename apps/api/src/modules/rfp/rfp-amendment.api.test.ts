import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { RFP_DATA } from '../../../test/rfp-factories';
import { RFQ_AMENDMENT, amendRfqText } from '../../../test/rfq-amendment';
import { SOLICITATION_PAGES, solicitationPdf, textPdf } from '../../../test/solicitation-pdf';
import { notifications } from '../../db/schema/index';

/**
 * Issue 13 item 4 on a real solicitation: the GSA 14(c) RFQ typeset as a PDF, then an amended copy
 * (one requirement reworded, one deleted, one added, a paragraph moved). The diff must find exactly
 * those; tasks tied to the reworded and the deleted requirement are flagged and re-pointed; members
 * get one bell for the amendment; dismissing clears the flag.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Caller {
  user: { id: string };
  token: string;
}

let t: TestApp;
let owner: Caller;
let contributor: Caller;
let viewer: Caller;

const RFQ_TEXT = readFileSync(path.join(RFP_DATA, 'gsa-dol-14c-rfq.txt'), 'utf8');
const upload = async (wsId: string, name: string, pdf: Buffer | Uint8Array, as = owner.token) =>
  t.injectAs(as, { method: 'POST', url: `/api/workspaces/${wsId}/rfp/upload`, ...multipartFile('file', name, Buffer.from(pdf)) });
const get = async (wsId: string, p: string, as = owner.token) =>
  (await t.injectAs(as, { method: 'GET', url: `/api/workspaces/${wsId}${p}` })).json();
const dismiss = (taskId: string, payload?: Json, as = owner.token) =>
  t.injectAs(as, { method: 'POST', url: `/api/tasks/${taskId}/requirement-changes/dismiss`, ...(payload ? { payload } : {}) });
const idOf = (reqs: Json[], text: string) => {
  const found = reqs.filter((r) => r.text === text);
  expect(found, text).toHaveLength(1);
  return found[0]!.requirement_id as string;
};
const taskOn = async (wsId: string, id: string) => ((await get(wsId, '/tasks')) as Json[]).find((x) => x.id === id)!;

async function workspace() {
  const ws = await createWorkspace(t.db, owner.user.id, { name: 'DOL 14(c) bid' });
  await addMember(t.db, ws.id, contributor.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, viewer.user.id, 'VIEWER');
  return ws.id;
}

/** The small solicitation with `edit` applied to its Section L lines (page 2). */
const smallWith = (edit: (lines: string[]) => string[]) =>
  solicitationPdf(SOLICITATION_PAGES.map((lines, i) => (i === 1 ? edit([...lines]) : lines)));

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  contributor = await createUser(t.db, t.config, { name: 'Carl Contributor' });
  viewer = await createUser(t.db, t.config, { name: 'Vera Viewer' });
});
afterAll(async () => {
  await t.close();
});

describe('RFP amendment of the real 14(c) RFQ', () => {
  it('finds exactly the reworded, the deleted and the added requirement, flags and re-points their tasks, one bell each', async () => {
    const wsId = await workspace();
    const v1 = await upload(wsId, 'rfq.pdf', await textPdf(RFQ_TEXT));
    expect(v1.statusCode).toBe(200);
    expect(v1.json().amendment).toBeNull();
    const before: Json[] = v1.json().requirements;
    const [movedMust, movedShould] = RFQ_AMENDMENT.moved.split(/(?<=\.) (?=In the event)/);
    const ids = {
      changed: idOf(before, RFQ_AMENDMENT.changedFrom),
      removed: idOf(before, RFQ_AMENDMENT.removed),
      moved: idOf(before, movedMust!),
      movedShould: idOf(before, movedShould!),
    };

    // One task per requirement from the work plan, and one hand-made task carrying two of them.
    const made = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/tasks`,
      payload: { requirement_ids: [ids.changed, ids.removed, ids.moved], grouping: 'requirement' },
    });
    expect(made.statusCode).toBe(201);
    const taskFor = (id: string) => (made.json().tasks as Json[]).find((x) => x.requirement_ids[0] === id)!.id as string;
    const tasks = { changed: taskFor(ids.changed), removed: taskFor(ids.removed), moved: taskFor(ids.moved) };
    const both = await t.injectAs(contributor.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/tasks`,
      payload: { title: 'Quote validity and plain language', requirement_ids: [ids.changed, ids.movedShould] },
    });
    expect(both.statusCode).toBe(201);
    await t.injectAs(owner.token, {
      method: 'PATCH',
      url: `/api/tasks/${tasks.changed}`,
      payload: { status: 'IN_PROGRESS', from_status: 'TODO' },
    });

    const v2 = await upload(wsId, 'rfq-amendment-1.pdf', await textPdf(amendRfqText(RFQ_TEXT)), contributor.token);
    expect(v2.statusCode).toBe(200);
    const after: Json[] = v2.json().requirements;
    const amendment = v2.json().amendment as Json;

    // Exactly the three edits; everything else, the moved paragraph included, is unchanged.
    expect(amendment).toMatchObject({
      version: 2,
      previous_version: 1,
      file_name: 'rfq-amendment-1.pdf',
      solicitation_id: v2.json().solicitation_id,
    });
    expect(amendment.counts).toEqual({ unchanged: before.length - 2, changed: 1, added: 1, removed: 1, tasks_affected: 3 });
    expect(after).toHaveLength(before.length);
    const newId = {
      changed: idOf(after, RFQ_AMENDMENT.changedTo),
      moved: idOf(after, movedMust!),
      movedShould: idOf(after, movedShould!),
      added: idOf(after, RFQ_AMENDMENT.added),
    };
    expect(amendment.changed).toHaveLength(1);
    expect(amendment.changed[0]).toMatchObject({
      previous: { requirement_id: ids.changed, text: RFQ_AMENDMENT.changedFrom, section: 'L' },
      current: { requirement_id: newId.changed, text: RFQ_AMENDMENT.changedTo, section: 'L' },
    });
    expect(amendment.changed[0].tasks.map((x: Json) => x.id).sort()).toEqual([tasks.changed, both.json().id].sort());
    expect(amendment.removed).toMatchObject([{ requirement_id: ids.removed, text: RFQ_AMENDMENT.removed, tasks: [{ id: tasks.removed }] }]);
    expect(amendment.added).toMatchObject([{ requirement_id: newId.added, text: RFQ_AMENDMENT.added, section: 'C' }]);
    expect(amendment.tasks_affected.map((x: Json) => x.id).sort()).toEqual([tasks.changed, tasks.removed, both.json().id].sort());

    // Tasks: re-pointed to the new version's ids and flagged with what changed; the moved one is not flagged.
    const changedTask = await taskOn(wsId, tasks.changed);
    expect(changedTask.requirement_ids).toEqual([newId.changed]);
    expect(changedTask.requirement_changes).toEqual([
      {
        version: 2,
        change: 'changed',
        requirement_id: ids.changed,
        new_requirement_id: newId.changed,
        previous_text: RFQ_AMENDMENT.changedFrom,
        text: RFQ_AMENDMENT.changedTo,
      },
    ]);
    const removedTask = await taskOn(wsId, tasks.removed);
    expect(removedTask.requirement_ids).toEqual([]);
    expect(removedTask.requirement_changes).toEqual([
      {
        version: 2,
        change: 'removed',
        requirement_id: ids.removed,
        new_requirement_id: null,
        previous_text: RFQ_AMENDMENT.removed,
        text: null,
      },
    ]);
    const movedTask = await taskOn(wsId, tasks.moved);
    expect(movedTask.requirement_ids).toEqual([newId.moved]);
    expect(movedTask.requirement_changes).toEqual([]);
    const bothTask = await taskOn(wsId, both.json().id);
    expect(bothTask.requirement_ids).toEqual([newId.changed, newId.movedShould]);
    expect(bothTask.requirement_changes.map((c: Json) => c.requirement_id)).toEqual([ids.changed]);

    // The matrix keeps rolling up: the reworded requirement still has its (flagged) task and its old wording.
    const matrix = await get(wsId, '/rfp/matrix');
    const row = (id: string) => (matrix.rows as Json[]).find((r) => r.requirement_id === id)!;
    // The least advanced task carrying it is the hand-made one (To Do), flagged too.
    expect(row(newId.changed).task).toMatchObject({ id: both.json().id, status: 'TODO', requirements_changed: true });
    expect(row(newId.changed).amendment).toEqual({ change: 'changed', version: 2, previous_text: RFQ_AMENDMENT.changedFrom });
    expect(row(newId.added)).toMatchObject({ task: null, amendment: { change: 'added', version: 2, previous_text: null } });
    expect(row(newId.moved)).toMatchObject({ task: { id: tasks.moved, requirements_changed: false }, amendment: null });
    expect((matrix.rows as Json[]).filter((r) => r.amendment)).toHaveLength(2);

    // The export says it too, in its Amendment column.
    const csv = (await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${wsId}/rfp/matrix/export?format=csv` })).body;
    const line = (text: string) => csv.split('\n').find((l) => l.includes(text))!;
    expect(line(RFQ_AMENDMENT.changedTo)).toMatch(/,"Changed in version 2; task flagged for review"\r?$/);
    expect(line(RFQ_AMENDMENT.added)).toMatch(/,"Added in version 2"\r?$/);

    // The same diff is on the solicitation and in the list.
    expect((await get(wsId, '/rfp/solicitation')).amendment).toEqual(amendment);
    expect(await get(wsId, '/rfp/amendments', viewer.token)).toEqual([amendment]);

    // One bell per other member for the amendment (the uploader gets none), linking to the RFP tab.
    for (const who of [owner, viewer]) {
      const bells = await t.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
      const amended = bells.filter((b) => b.title === 'RFP amended');
      expect(amended).toHaveLength(1);
      expect(amended[0]).toMatchObject({ link: `/workspace/${wsId}?tab=rfp`, type: 'workspace' });
      expect(amended[0]!.message).toContain('1 added, 1 changed, 1 removed — 3 tasks affected');
      expect(bells.filter((b) => b.link === `/workspace/${wsId}?tab=rfp`)).toHaveLength(who === owner ? 1 : 2);
    }
    const contributorBells = await t.db.select().from(notifications).where(eq(notifications.userId, contributor.user.id));
    expect(contributorBells.filter((b) => b.title === 'RFP amended')).toHaveLength(0);

    const log = await get(wsId, '/activity');
    const summaries = (Array.isArray(log) ? log : log.items).map((a: Json) => a.summary);
    expect(summaries).toContain('Version 2 of the RFP amends version 1: 1 added, 1 changed, 1 removed — 3 tasks affected');

    // Dismissing clears the flag (and says so in the activity); the matrix row is no longer flagged.
    const cleared = await dismiss(both.json().id, { through_version: 2 }, contributor.token);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      id: both.json().id,
      requirement_ids: [newId.changed, newId.movedShould],
      requirement_changes: [],
    });
    expect((await get(wsId, '/rfp/matrix')).rows.find((r: Json) => r.requirement_id === newId.changed).task).toMatchObject({
      id: both.json().id,
      requirements_changed: false,
    });
    expect((await taskOn(wsId, tasks.changed)).requirement_changes).toHaveLength(1);
    const log2 = await get(wsId, '/activity');
    expect((Array.isArray(log2) ? log2 : log2.items).map((a: Json) => a.summary)).toContain(
      'Carl Contributor confirmed "Quote validity and plain language" after the RFP amendment',
    );
  });

  it('treats a re-upload of the same file as an amendment with nothing changed: no task is flagged', async () => {
    const wsId = await workspace();
    const pdf = await solicitationPdf();
    const v1 = await upload(wsId, 'a.pdf', pdf);
    const ids = (v1.json().requirements as Json[]).map((r) => r.requirement_id as string);
    const made = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/tasks`,
      payload: { requirement_ids: ids.slice(0, 3) },
    });
    const v2 = await upload(wsId, 'a.pdf', pdf);
    expect(v2.json().amendment.counts).toEqual({ unchanged: ids.length, changed: 0, added: 0, removed: 0, tasks_affected: 0 });
    const board: Json[] = await get(wsId, '/tasks');
    expect(board.map((x) => x.requirement_changes)).toEqual(board.map(() => []));
    expect(board.map((x) => x.requirement_ids).sort()).toEqual((made.json().tasks as Json[]).map((x) => x.requirement_ids).sort());
    const bells = await t.db.select().from(notifications).where(eq(notifications.userId, viewer.user.id));
    expect(bells.filter((b) => b.title === 'RFP amended' && b.link === `/workspace/${wsId}?tab=rfp`).map((b) => b.message)).toEqual([
      `Olivia Owner uploaded a.pdf (version 2, ${ids.length} requirements) in "DOL 14(c) bid": 0 added, 0 changed, 0 removed — 0 tasks affected.`,
    ]);
  });

  it('diffs each amendment against the version just before it and keeps later flags when an earlier one is dismissed', async () => {
    const wsId = await workspace();
    const v1 = await upload(wsId, 'v1.pdf', await solicitationPdf());
    const pageLimit = (v1.json().requirements as Json[]).find((r) => String(r.text).includes('no more than 20 pages'))!;
    const made = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/tasks`,
      payload: { requirement_ids: [pageLimit.requirement_id] },
    });
    const taskId = made.json().tasks[0].id as string;
    const to = (n: number) => (lines: string[]) => lines.map((l) => l.replace('no more than 20 pages', `no more than ${n} pages`));
    const v2 = await upload(wsId, 'v2.pdf', await smallWith(to(15)));
    const v3 = await upload(wsId, 'v3.pdf', await smallWith(to(10)));
    expect(v2.json().amendment).toMatchObject({ previous_version: 1, counts: { changed: 1, added: 0, removed: 0, tasks_affected: 1 } });
    expect(v3.json().amendment).toMatchObject({ previous_version: 2, counts: { changed: 1, added: 0, removed: 0, tasks_affected: 1 } });
    expect(v3.json().amendment.changed[0].previous.text).toContain('15 pages');
    expect(v3.json().amendment.changed[0].current.text).toContain('10 pages');

    const flagged = await taskOn(wsId, taskId);
    expect(flagged.requirement_changes.map((c: Json) => [c.version, c.change])).toEqual([
      [2, 'changed'],
      [3, 'changed'],
    ]);
    expect(flagged.requirement_ids).toEqual([v3.json().amendment.changed[0].current.requirement_id]);
    expect((await get(wsId, '/rfp/amendments')).map((a: Json) => a.version)).toEqual([3, 2]);

    // Dismissing what the member saw of version 2 leaves version 3's change flagged; no body clears the rest.
    const partly = await dismiss(taskId, { through_version: 2 });
    expect(partly.json().requirement_changes.map((c: Json) => c.version)).toEqual([3]);
    const again = await dismiss(taskId, { through_version: 2 });
    expect(again.json().requirement_changes.map((c: Json) => c.version)).toEqual([3]);
    const all = await dismiss(taskId);
    expect(all.statusCode).toBe(200);
    expect(all.json().requirement_changes).toEqual([]);
    const log = await get(wsId, '/activity');
    expect((Array.isArray(log) ? log : log.items).filter((a: Json) => a.action === 'task.requirement_changes_dismissed')).toHaveLength(2);
  });

  it('refuses a bad through_version and an unknown or malformed task, changing nothing', async () => {
    const wsId = await workspace();
    await upload(wsId, 'v1.pdf', await solicitationPdf());
    const v1 = await get(wsId, '/rfp/solicitation');
    const made = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/tasks`,
      payload: { requirement_ids: [v1.requirements[2].requirement_id] },
    });
    const taskId = made.json().tasks[0].id as string;
    await upload(wsId, 'v2.pdf', await smallWith((lines) => lines.filter((l) => !l.includes('no more than 20 pages'))));
    const flagged = await taskOn(wsId, taskId);
    expect(flagged.requirement_changes).toHaveLength(1);
    for (const payload of [{ through_version: 'two' }, { through_version: 0 }, { through_version: 1.5 }]) {
      const res = await dismiss(taskId, payload);
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
        status: 400,
        detail: 'through_version must be a version number',
      });
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await dismiss(id);
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Task not found' });
    }
    expect(await taskOn(wsId, taskId)).toEqual(flagged);
  });

  it('concurrent uploads: each amendment is diffed against the version right before it, one bell each (PostgreSQL really races)', async () => {
    const wsId = await workspace();
    await upload(wsId, 'v1.pdf', await solicitationPdf());
    const v1 = await get(wsId, '/rfp/solicitation');
    const target = (v1.requirements as Json[]).find((r) => String(r.text).includes('no more than 20 pages'))!;
    const made = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/tasks`,
      payload: { requirement_ids: [target.requirement_id] },
    });
    const taskId = made.json().tasks[0].id as string;
    const [a, b] = await Promise.all([
      upload(wsId, 'fifteen.pdf', await smallWith((lines) => lines.map((l) => l.replace('20 pages', '15 pages')))),
      upload(wsId, 'ten.pdf', await smallWith((lines) => lines.map((l) => l.replace('20 pages', '10 pages')))),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const byVersion = [a.json(), b.json()].sort((x, y) => x.version - y.version);
    expect(byVersion.map((x) => [x.version, x.amendment.previous_version])).toEqual([
      [2, 1],
      [3, 2],
    ]);
    // The second amendment saw the first one's wording, and the task followed both.
    expect(byVersion[1].amendment.changed[0].previous.text).toBe(byVersion[0].amendment.changed[0].current.text);
    const task = await taskOn(wsId, taskId);
    expect(task.requirement_ids).toEqual([byVersion[1].amendment.changed[0].current.requirement_id]);
    expect(task.requirement_changes.map((c: Json) => c.version)).toEqual([2, 3]);
    for (const who of [contributor, viewer]) {
      const bells = await t.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
      expect(bells.filter((x) => x.title === 'RFP amended' && x.link === `/workspace/${wsId}?tab=rfp`)).toHaveLength(2);
    }
  });
});
