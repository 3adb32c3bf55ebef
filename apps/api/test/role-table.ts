import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { addMember, createUser, createWorkspace } from './factories';

/**
 * The callers every workspace endpoint is tried as (WORKSPACES.md §5): each role, a non-member, no
 * token, a member who has not accepted the NDA, and the owner and a contributor of an archived
 * workspace. Shared by the table-driven role tests of every workspace module.
 */
export type Scenario =
  'OWNER' | 'CONTRIBUTOR' | 'REVIEWER' | 'VIEWER' | 'NON_MEMBER' | 'ANONYMOUS' | 'NDA_PENDING' | 'ARCHIVED_OWNER' | 'ARCHIVED_CONTRIBUTOR';
export const SCENARIOS: Scenario[] = [
  'OWNER',
  'CONTRIBUTOR',
  'REVIEWER',
  'VIEWER',
  'NON_MEMBER',
  'ANONYMOUS',
  'NDA_PENDING',
  'ARCHIVED_OWNER',
  'ARCHIVED_CONTRIBUTOR',
];

/** What one caller must get: the status, and the detail or code when the cell names them. */
export interface Cell {
  status: number;
  detail?: string;
  code?: string;
}

export const ACCESS_DENIED: Cell = { status: 403, detail: 'Access denied to this workspace' };
export const ARCHIVED: Cell = { status: 409, detail: 'This workspace is archived' };
export const NDA: Cell = { status: 403, code: 'NDA_REQUIRED' };
export const OK: Cell = { status: 200 };

/** A row of cells; a non-member always gets ACCESS_DENIED and no token always 401. */
export function cells(c: Omit<Record<Scenario, Cell>, 'NON_MEMBER' | 'ANONYMOUS'>): Record<Scenario, Cell> {
  return { ...c, NON_MEMBER: ACCESS_DENIED, ANONYMOUS: { status: 401 } };
}

/** Asserts the answer against its cell (a download's body is a file, not JSON: only its status counts). */
export function expectCell(res: LightMyRequestResponse, cell: Cell): void {
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  const expected = { ...(cell.detail ? { detail: cell.detail } : {}), ...(cell.code ? { code: cell.code } : {}) };
  expect({ status: res.statusCode, body: isJson ? res.json() : {} }).toMatchObject({
    status: cell.status,
    ...(cell.detail || cell.code ? { body: expected } : {}),
  });
}

/** A refused call and any read leave the snapshot as it was; a successful change has its stated effect. */
export function expectChange<S>(
  res: LightMyRequestResponse,
  method: string,
  before: S,
  after: S,
  effect: ((before: S, after: S) => void) | undefined,
): void {
  if (res.statusCode >= 400 || method === 'GET') {
    expect(after).toEqual(before);
    return;
  }
  expect(effect, 'a successful change has a stated effect').toBeDefined();
  effect!(before, after);
}

/** One user per caller a role table needs: owner, contributor, reviewer, viewer, pending (NDA), outsider. */
export async function createRoleUsers(t: TestApp): Promise<Record<string, Awaited<ReturnType<typeof createUser>>>> {
  const users: Record<string, Awaited<ReturnType<typeof createUser>>> = {};
  for (const name of ['owner', 'contributor', 'reviewer', 'viewer', 'pending', 'outsider'])
    users[name] = await createUser(t.db, t.config, { name: `Ms ${name}` });
  return users;
}

/** A signed-in test user. */
export type RoleUser = Awaited<ReturnType<typeof createUser>>;

/** What every role-table fixture holds: the fresh workspace its cell runs on. */
export interface RoleFixture {
  workspaceId: string;
}

/** What a role table's fixture, snapshot and checks are given. */
export interface RoleTableContext {
  /** The app under test (set in the table's beforeAll). */
  t: TestApp;
  /** owner, contributor, reviewer, viewer, pending, outsider and the table's extra users. */
  users: Record<string, RoleUser>;
  /** The user a scenario calls as (undefined for ANONYMOUS). */
  actorOf(s: Scenario): RoleUser | undefined;
}

/** A described role table: its context and its fixture builder, for the file's other tests. */
export interface RoleTable<F extends RoleFixture> extends RoleTableContext {
  /** A fresh workspace set up for scenario `s`, as each cell gets. */
  fixture(s: Scenario): Promise<F>;
}

/** One endpoint of a role table: its request, its cells and what a success must have done. */
export interface RoleTableEndpoint<F extends RoleFixture, S> {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (f: F) => string;
  /** Payload and headers (a JSON body or multipart bytes), built per call. */
  request?: (f: F) => Promise<RoleRequest> | RoleRequest;
  cells: Record<Scenario, Cell>;
  /** For a successful change: what it must have done. Reads and refusals must change nothing. */
  effect?: (f: F, before: S, after: S, res: LightMyRequestResponse) => void;
  /** More checks of a 2xx answer (what a read returns), per scenario. */
  answer?: (f: F, res: LightMyRequestResponse, s: Scenario) => void;
  /**
   * The 404 row: the fixture with an unknown id in place of the one the endpoint names (its URL and
   * request are built from it), and the answer's detail. Default: the workspace id replaced,
   * "Workspace not found". false: no such row.
   */
  unknownId?: false | { swap: (f: F, id: string) => F; detail: string };
}

export interface RoleRequest {
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

export interface RoleTableSpec<F extends RoleFixture, S> {
  /** Users beyond the six every table has (a message author, a member to remove...). */
  extraUsers?: string[];
  /** Config for the app under test. */
  env?: Record<string, string>;
  /** Runs once after the app and users exist (reads ids the endpoints need). */
  setUp?: (ctx: RoleTableContext) => Promise<void>;
  /** The workspace's name, when a table names it. */
  workspaceName?: string;
  /**
   * Completes one cell's workspace: it already has the owner, a CONTRIBUTOR, a REVIEWER, a VIEWER
   * and an NDA-pending CONTRIBUTOR, archived a minute ago for ARCHIVED_* scenarios.
   */
  fixture: (ctx: RoleTableContext, s: Scenario, workspaceId: string, workspace: Awaited<ReturnType<typeof createWorkspace>>) => Promise<F>;
  /** The rows a call may change; compared before and after every call. */
  snapshot: (ctx: RoleTableContext, f: F) => Promise<S>;
  endpoints: RoleTableEndpoint<F, S>[];
}

const SCENARIO_USER: Record<Scenario, string | undefined> = {
  OWNER: 'owner',
  ARCHIVED_OWNER: 'owner',
  CONTRIBUTOR: 'contributor',
  ARCHIVED_CONTRIBUTOR: 'contributor',
  REVIEWER: 'reviewer',
  VIEWER: 'viewer',
  NDA_PENDING: 'pending',
  NON_MEMBER: 'outsider',
  ANONYMOUS: undefined,
};

/**
 * The role table of WORKSPACES.md §5 for a set of endpoints: for each endpoint, one test per
 * scenario on a fresh workspace (the answer matches its cell; a refusal or a read changes nothing
 * in the snapshot; a success has its stated effect), and one test that an unknown or malformed id
 * answers 404 and changes nothing. Returns the context, for the file's other tests.
 */
export function describeRoleTable<F extends RoleFixture, S>(spec: RoleTableSpec<F, S>): RoleTable<F> {
  const ctx: RoleTableContext = {
    t: undefined as unknown as TestApp,
    users: {},
    actorOf: (s) => (SCENARIO_USER[s] ? ctx.users[SCENARIO_USER[s]!] : undefined),
  };
  const fixture = async (s: Scenario): Promise<F> => {
    const { t, users } = ctx;
    const archivedAt = s.startsWith('ARCHIVED_') ? new Date(Date.now() - 60_000) : null;
    const ws = await createWorkspace(t.db, users.owner!.user.id, {
      ...(spec.workspaceName ? { name: spec.workspaceName } : {}),
      archivedAt,
    });
    await addMember(t.db, ws.id, users.contributor!.user.id, 'CONTRIBUTOR');
    await addMember(t.db, ws.id, users.reviewer!.user.id, 'REVIEWER');
    await addMember(t.db, ws.id, users.viewer!.user.id, 'VIEWER');
    await addMember(t.db, ws.id, users.pending!.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
    return spec.fixture(ctx, s, ws.id, ws);
  };
  const call = async (ep: RoleTableEndpoint<F, S>, f: F, token: string | null) =>
    ctx.t.injectAs(token, { method: ep.method, url: ep.url(f), ...((await ep.request?.(f)) ?? {}) });

  beforeAll(async () => {
    ctx.t = await buildTestApp(spec.env);
    for (const name of ['owner', 'contributor', 'reviewer', 'viewer', 'pending', 'outsider', ...(spec.extraUsers ?? [])]) {
      ctx.users[name] = await createUser(ctx.t.db, ctx.t.config, { name: `Ms ${name}` });
    }
    await spec.setUp?.(ctx);
  });
  afterAll(async () => {
    await ctx.t?.close();
  });

  describe.each(spec.endpoints)('$name', (ep) => {
    it.each(SCENARIOS)('as %s answers as the matrix says', async (s) => {
      const f = await fixture(s);
      const before = await spec.snapshot(ctx, f);
      const res = await call(ep, f, ctx.actorOf(s)?.token ?? null);
      expectCell(res, ep.cells[s]);
      const after = await spec.snapshot(ctx, f);
      expectChange(res, ep.method, before, after, ep.effect && ((b, a) => ep.effect!(f, b, a, res)));
      if (res.statusCode < 300) ep.answer?.(f, res, s);
    });

    const unknown = ep.unknownId ?? { swap: (f: F, id: string) => ({ ...f, workspaceId: id }), detail: 'Workspace not found' };
    if (!unknown) return;
    it(`answers 404 "${unknown.detail}" for an unknown or malformed id`, async () => {
      const f = await fixture('OWNER');
      const before = await spec.snapshot(ctx, f);
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const res = await call(ep, unknown.swap(f, id), ctx.users.owner!.token);
        expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: unknown.detail });
      }
      expect(await spec.snapshot(ctx, f)).toEqual(before);
    });
  });
  return Object.assign(ctx, { fixture });
}
