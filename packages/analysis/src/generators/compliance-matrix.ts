/**
 * Compliance Matrix (opportunity side): one row per requirement, with the proposal volume and
 * heading that answers it, so a proposal manager can assign and track every obligation.
 */
import { byImportance, detail, escapeCell, groupBySection, phrase, SECTION_SHORT, SECTION_TITLE, table, titleLine, plural } from './format';
import { placeLabel, proposalStructure, volumeLabel } from './structure';
import type { Requirement } from '../types';
import type { GeneratorContext } from './types';

/** One compliance-matrix row, as the CSV and spreadsheet exports write it. */
export interface ComplianceMatrixRow {
  id: string;
  section: string;
  page: number | null;
  requirement: string;
  must_or_should: 'Must' | 'Should';
  weight: number;
  volume: string;
  status: string;
}

/**
 * The matrix rows: sections in the L, M, C order a proposal is built in, document order within
 * each, and the proposal volume/heading that answers every row.
 */
export function complianceMatrixRows(reqs: Requirement[]): ComplianceMatrixRow[] {
  if (reqs.length === 0) return [];
  const structure = proposalStructure(reqs);
  return groupBySection(reqs).flatMap(([, list]) =>
    list.map((r) => ({
      id: r.requirement_id,
      section: SECTION_SHORT[r.section],
      page: r.page,
      requirement: r.text,
      must_or_should: r.must_or_should === 'must' ? ('Must' as const) : ('Should' as const),
      weight: r.weight,
      volume: placeLabel(structure, r),
      status: 'Not started',
    })),
  );
}

export function complianceMatrix(ctx: GeneratorContext): string {
  const { opportunity: o, requirements: reqs, tone } = ctx;
  const out: string[] = [titleLine('Compliance Matrix', o.title, o.solicitation_number), ''];

  if (reqs.length === 0) {
    out.push(
      '**No requirements extracted yet.** A compliance matrix needs the solicitation itself: the notice description does not carry Section L (instructions), Section M (evaluation) or the statement of work.',
      '',
      'To build the matrix:',
      '',
      '1. Download the solicitation document (RFP, RFQ or combined synopsis/solicitation) from the notice attachments.',
      '2. Upload the PDF on this opportunity; requirements are extracted with their section, page and must/should.',
      '3. Generate the Compliance Matrix again: every extracted requirement becomes a row.',
      '',
    );
    return out.join('\n');
  }

  const structure = proposalStructure(reqs);
  const must = reqs.filter((r) => r.must_or_should === 'must').length;
  out.push(
    phrase(
      tone,
      `${plural(reqs.length, 'requirement')} (${must} must, ${reqs.length - must} should). Every row must be answered in the proposal; update Status as each is written and reviewed.`,
      `This matrix records ${plural(reqs.length, 'requirement')} (${must} mandatory, ${reqs.length - must} advisory). Each row shall be addressed in the proposal, and its status maintained through writing and review.`,
    ),
    '',
    '## Summary',
    '',
    ...table(
      ['Section', 'Must', 'Should', 'Total'],
      [
        ...groupBySection(reqs).map(([s, list]) => {
          const m = list.filter((r) => r.must_or_should === 'must').length;
          return [SECTION_TITLE[s], String(m), String(list.length - m), String(list.length)];
        }),
        ['**All sections**', String(must), String(reqs.length - must), String(reqs.length)],
      ],
    ),
    '',
  );

  out.push('## Proposal structure', '');
  out.push(
    structure.fallback
      ? 'Section L does not name proposal volumes, so the standard structure is assumed: Volume I Technical, Volume II Past Performance, Volume III Price. Confirm against the solicitation.'
      : `Volumes as Section L describes them: ${structure.volumes
          .filter((v) => v.kind !== 'admin')
          .map(volumeLabel)
          .join('; ')}.`,
    '',
  );
  out.push(
    ...detail(
      tone,
      'How rows are mapped: Section L instructions go to the volume they name (or the volume their topic belongs to), Section C work requirements go to the technical volume, and Section M factors go to the volume the evaluators will read to score them. Page, font and format rules apply to a volume as a whole.',
    ),
  );

  out.push('## Matrix', '');
  out.push(
    ...table(
      ['ID', 'Section', 'Requirement', 'Must/Should', 'Proposal Volume/Section', 'Status'],
      complianceMatrixRows(reqs).map((row) => [
        row.id,
        `${row.section}${row.page === null ? '' : `, p. ${row.page}`}`,
        row.requirement,
        row.must_or_should,
        row.volume,
        row.status,
      ]),
    ),
    '',
  );

  const top = byImportance(reqs)
    .filter((r) => r.weight >= 2)
    .slice(0, 5);
  if (top.length > 0) {
    out.push(
      '## Highest-weight rows',
      '',
      ...top.map((r) => `- [${r.requirement_id}] weight ${r.weight}: ${escapeCell(r.text).slice(0, 160)}${r.text.length > 160 ? '…' : ''}`),
      '',
    );
  }
  return out.join('\n');
}
