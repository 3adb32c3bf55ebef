export type { Obligation, PageText, Requirement, RequirementBasis, SectionCode } from './types';
export { PdfReadError, extractPdfText, type PdfReadErrorCode } from './pdf-text';
export type { FormField } from './pdf-read';
export { factSource, formNameOf, solicitationFormFacts, type FormFact, type OfferDue, type SolicitationFormFacts } from './form-facts';
export { SectionTracker, detectSections, parseHeading, sectionFromTitle, type HeadingMatch } from './sections';
export { segmentPage, splitSentences, type Segment, type Unit } from './segment';
export { classifyRequirement, extractRequirements, guessSection, type Classification } from './requirements';
export { scoreExtraction, overlapF1, tokens, type ExtractionScore, type LabelledRequirement } from './evaluate';
export {
  scoreDraft,
  type Conflict,
  type DraftAnalysis,
  type FormatCheck,
  type MatchStatus,
  type MissingRequirement,
  type RequirementKind,
  type RequirementMatch,
  type ScoreOptions,
  type SeparateRequirement,
  type Suggestion,
} from './scoring';
export { extractPdfLayout, type PdfLayout } from './pdf-layout';
export { deadlines as statedDeadlines, type Deadline } from './generators/cues';
export {
  GENERATED_DOCUMENT_TYPES,
  complianceMatrixRows,
  generateDocument,
  learnAcronyms,
  type ComplianceMatrixRow,
  type FormDue,
  type GenerateInput,
  type GeneratedDocumentType,
  type OpportunityFacts,
  type Tone,
} from './generators';
