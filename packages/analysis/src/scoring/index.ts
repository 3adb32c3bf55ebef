export {
  COVERED,
  WEAK,
  scoreDraft,
  type DraftAnalysis,
  type MissingRequirement,
  type RequirementMatch,
  type Suggestion,
} from './score-draft';
export { splitDraft, headingOf, type DraftHeading, type Passage, type SplitDraft } from './passages';
export { evidenceKinds, substance, type EvidenceKind } from './quality';
