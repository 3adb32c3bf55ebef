import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app';
import { createUser } from './factories';

/**
 * The callers every workspace endpoint is tried as (WORKSPACES.md §5): each role, a non-member, no
 * token, a member who has not accepted the NDA, and the owner and a contributor of an archived
 * workspace. Shared by the table-driven role tests of every workspace module.
 */
export type Scenario =
  | 'OWNER'
  | 'CONTRIBUTOR'
  | 'REVIEWER'
  | 'VIEWER'
  | 'NON_MEMBER'
  | 'ANONYMOUS'
  | 'NDA_PENDING'
  | 'ARCHIVED_OWNER'
  | 'ARCHIVED_CONTRIBUTOR';
export const SCENARIOS: Scenario[] = ['OWNER', 'CONTRIBUTOR', 'REVIEWER', 'VIEWER', 'NON_MEMBER', 'ANONYMOUS', 'NDA_PENDING', 'ARCHIVED_OWNER', 'ARCHIVED_CONTRIBUTOR'];

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
  expect({ status: res.statusCode, body: isJson ? res.json() : {} }).toMatchObject({ status: cell.status, ...(cell.detail || cell.code ? { body: expected } : {}) });
}

/** A refused call and any read leave the snapshot as it was; a successful change has its stated effect. */
export function expectChange<S>(res: LightMyRequestResponse, method: string, before: S, after: S, effect: ((before: S, after: S) => void) | undefined): void {
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
  for (const name of ['owner', 'contributor', 'reviewer', 'viewer', 'pending', 'outsider']) users[name] = await createUser(t.db, t.config, { name: `Ms ${name}` });
  return users;
}
