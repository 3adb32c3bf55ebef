import type { RfpRequirementCorrection } from '@biddesk/shared';
import type { StoredRequirement } from '../../db/schema/index';
import type { CorrectionView } from './rfp-corrections.repository';

/** A requirement as the team reads it: the correction applied, and the correction shown beside it. */
export interface CorrectedRequirement {
  /** Section and must/should as corrected (the engine's where not). */
  requirement: StoredRequirement;
  correction: RfpRequirementCorrection | null;
  /** Marked not a requirement: left out of the matrix, new tasks and draft scoring. */
  excluded: boolean;
}

/** The correction as the wire shows it, with the engine's values it replaces. */
export function presentCorrection(engine: StoredRequirement, view: CorrectionView): RfpRequirementCorrection {
  const c = view.row;
  return {
    not_a_requirement: c.notARequirement,
    section: (c.section as RfpRequirementCorrection['section']) ?? null,
    must_or_should: c.mustOrShould ?? null,
    note: c.note,
    engine: { section: engine.section, must_or_should: engine.must_or_should },
    corrected_by_name: view.correctedByName,
    corrected_at: c.updatedAt.toISOString(),
    carried_from_version: c.carriedFromVersion,
  };
}

/** Every requirement of a version with its correction, in document order. */
export function applyCorrections(requirements: StoredRequirement[], corrections: CorrectionView[]): CorrectedRequirement[] {
  const byId = new Map(corrections.map((c) => [c.row.requirementId, c]));
  return requirements.map((r) => {
    const view = byId.get(r.requirement_id);
    if (!view) return { requirement: r, correction: null, excluded: false };
    const c = view.row;
    return {
      requirement: { ...r, section: c.section ?? r.section, must_or_should: c.mustOrShould ?? r.must_or_should },
      correction: presentCorrection(r, view),
      excluded: c.notARequirement,
    };
  });
}

/** The requirements the work is planned and scored against: corrections applied, the ones marked not a requirement left out. */
export function workingRequirements(requirements: StoredRequirement[], corrections: CorrectionView[]): StoredRequirement[] {
  return applyCorrections(requirements, corrections)
    .filter((c) => !c.excluded)
    .map((c) => c.requirement);
}

const sectionName = (s: string) => (s === 'other' ? 'other' : s);

/** "section M → L, must → should": what a correction changes, for Activity and the exports. */
export function describeChange(
  engine: Pick<StoredRequirement, 'section' | 'must_or_should'>,
  section: string | null,
  mustOrShould: string | null,
): string {
  return [
    section && section !== engine.section ? `section ${sectionName(engine.section)} → ${sectionName(section)}` : null,
    mustOrShould && mustOrShould !== engine.must_or_should ? `${engine.must_or_should} → ${mustOrShould}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}
