export {
  COVERED,
  WEAK,
  scoreDraft,
  type DraftAnalysis,
  type MatchStatus,
  type MissingRequirement,
  type RequirementMatch,
  type ScoreOptions,
  type SeparateRequirement,
  type Suggestion,
} from './score-draft';
export { splitDraft, headingOf, type DraftHeading, type Passage, type SplitDraft } from './passages';
export { evidenceKinds, substance, type EvidenceKind } from './quality';
export { requirementKind, type RequirementKind } from './kinds';
export { findConflicts, type Conflict, type ConflictRule } from './conflicts';
export { checkFormat, type FormatCheck, type FormatCheckKind } from './format-checks';
export { isDeferral, requestedTypes, type AnswerType } from './answers';
