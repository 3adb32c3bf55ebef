import { PURSUIT_NAMES_MAX, type AddPursuitPartyBody, type PursuitParties, type PursuitPartyKind } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { assertPipeline, requirePursuit } from './pursuits.service';
import { chosenKey, normalizeRecipientName, resolveParty, typedUei } from './pursuit-parties.rules';
import * as repo from './pursuit-parties.repository';

/**
 * GET /pursuits/{id}/parties: the pursuit's competitors and teaming partners, each linked to an
 * award recipient when the linking rules allow (pursuit-parties.rules.ts). Typed names are
 * resolved when read, so a name that becomes ambiguous as more award data arrives stops linking.
 */
export async function listParties(ctx: AuthedCtx, id: string): Promise<PursuitParties> {
  assertPipeline(ctx, 'pipeline.view');
  const pursuit = await requirePursuit(ctx, id);
  const entries: [PursuitPartyKind, string][] = [
    ...pursuit.competitors.map((n): [PursuitPartyKind, string] => ['competitor', n]),
    ...pursuit.teamingPartners.map((n): [PursuitPartyKind, string] => ['teaming_partner', n]),
  ];
  const links = await repo.listLinks(ctx.db, pursuit.id);
  const chosen = new Map(links.map((l) => [chosenKey(l.kind, l.name), l.recipientUei]));
  const typed = entries.filter(([kind, name]) => !chosen.has(chosenKey(kind, name))).map(([, name]) => name);
  const [knownUeis, ueisByName] = await Promise.all([
    repo.existingUeis(ctx.db, [...new Set(typed.map(typedUei).filter((u): u is string => u !== null))]),
    repo.ueisByNormalizedName(ctx.db, [...new Set(typed.map(normalizeRecipientName).filter(Boolean))]),
  ]);
  return { data: entries.map(([kind, name]) => resolveParty(kind, name, { chosen, knownUeis, ueisByName })) };
}

/** POST /pursuits/{id}/parties: the owner or an admin adds a recipient from partner search. */
export async function addParty(ctx: AuthedCtx, id: string, body: AddPursuitPartyBody): Promise<PursuitParties> {
  const pursuit = await requirePursuit(ctx, id);
  assertPipeline(ctx, 'pursuit.edit', pursuit);
  const name = await repo.findRecipientName(ctx.db, body.uei);
  if (!name) throw badRequest(`No award recipient with UEI ${body.uei} is in the award data`);
  const outcome = await repo.addChosen(ctx.db, pursuit.id, body.kind, name, body.uei, ctx.actor.id);
  if (outcome === 'gone') throw notFound('Pursuit not found');
  if (outcome === 'full') {
    throw conflict(
      `This pursuit already lists ${PURSUIT_NAMES_MAX} ${body.kind === 'competitor' ? 'competitors' : 'teaming partners'}: remove one first`,
    );
  }
  ctx.log.info({ pursuitId: pursuit.id, kind: body.kind }, 'pursuit party linked');
  return listParties(ctx, pursuit.id);
}
