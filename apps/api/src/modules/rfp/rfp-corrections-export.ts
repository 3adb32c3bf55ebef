import type { AuthedCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import { requireAbility } from '../workspaces/workspace-access';
import { applyCorrections } from './rfp-corrections';
import * as correctionsRepository from './rfp-corrections.repository';
import * as repository from './rfp.repository';
import { NO_RFP } from './rfp.service';

/**
 * One line of the corrections export, in the format of the hand labels in ../shared/data/rfp
 * (README "Label format"): a requirement the team kept with another section or must/should is a
 * label row (`text`, `section`, `must_or_should`, `cue`); one marked not a requirement is a
 * negatives row (`text`, `why_not_a_requirement`). `page` as in the span files (no `char_start`:
 * the upload is a PDF, not the labelled .txt); the rest says where it came from.
 */
type Line =
  | {
      text: string;
      section: string;
      must_or_should: string;
      cue: string | null;
      page: number | null;
      requirement_id: string;
      corrected_from: { section: string; must_or_should: string };
      note: string | null;
      source: string;
    }
  | {
      text: string;
      why_not_a_requirement: string;
      page: number | null;
      requirement_id: string;
      engine: { section: string; must_or_should: string; cue: string | null };
      source: string;
    };

/**
 * GET /workspaces/{id}/rfp/corrections/export (issue 23): the latest version's corrections as JSONL,
 * in document order, so a team's corrections can become labelled data. Any member past the NDA may
 * read it, as they read the matrix.
 */
export async function exportCorrections(ctx: AuthedCtx, workspaceId: string): Promise<{ fileName: string; body: Buffer }> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  const solicitation = await repository.findLatestSolicitation(ctx.db, workspace.id);
  if (!solicitation) throw notFound(NO_RFP);
  const source = `${solicitation.fileName} (version ${solicitation.version})`;
  const lines: Line[] = [];
  applyCorrections(solicitation.requirements, await correctionsRepository.listForSolicitation(ctx.db, solicitation.id)).forEach((c, i) => {
    if (!c.correction) return;
    const engine = solicitation.requirements[i]!;
    const base = { text: engine.text, page: engine.page ?? null, requirement_id: engine.requirement_id };
    if (c.excluded) {
      lines.push({
        ...base,
        why_not_a_requirement: c.correction.note ?? 'marked not a requirement by the proposal team',
        engine: { section: engine.section, must_or_should: engine.must_or_should, cue: engine.basis?.cue ?? null },
        source,
      });
    } else {
      lines.push({
        text: engine.text,
        section: c.requirement.section,
        must_or_should: c.requirement.must_or_should,
        cue: engine.basis?.cue ?? null,
        page: base.page,
        requirement_id: base.requirement_id,
        corrected_from: { section: engine.section, must_or_should: engine.must_or_should },
        note: c.correction.note,
        source,
      });
    }
  });
  const base =
    solicitation.fileName
      .replace(/\.pdf$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'rfp';
  return {
    fileName: `${base}_v${solicitation.version}_corrections.jsonl`,
    body: Buffer.from(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), 'utf8'),
  };
}
