import { randomInt } from 'node:crypto';
import type { InviteCode } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import * as inviteCodesRepository from './invite-codes.repository';
import { presentInviteCode } from './invite-codes.presenter';

// Crockford-style alphabet without 0/O/1/I/L so codes read aloud and typed by hand survive.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_GROUPS = 3;
const GROUP_LENGTH = 5;

/** A random upper-case code like `K7Q2M-ZP4XH-9TRWB` (~74 bits from a CSPRNG). */
export function generateCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < CODE_GROUPS; g++) {
    let s = '';
    for (let i = 0; i < GROUP_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(s);
  }
  return groups.join('-');
}

/** Creates a fresh invite code (admin only; enforced on the route). */
export async function createInviteCode(ctx: AuthedCtx): Promise<InviteCode> {
  const row = await inviteCodesRepository.insert(ctx.db, { code: generateCode(), createdBy: ctx.actor.id });
  return presentInviteCode(row);
}

/** Lists every invite code, newest first. */
export async function listInviteCodes(ctx: AuthedCtx): Promise<InviteCode[]> {
  const rows = await inviteCodesRepository.listAll(ctx.db);
  return rows.map(presentInviteCode);
}
