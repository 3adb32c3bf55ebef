export type { Obligation, PageText, Requirement, SectionCode } from './types';
export { PdfReadError, extractPdfText, type PdfReadErrorCode } from './pdf-text';
export { SectionTracker, detectSections, parseHeading, sectionFromTitle, type HeadingMatch } from './sections';
export { segmentPage, splitSentences, type Segment, type Unit } from './segment';
export { classifyRequirement, extractRequirements, guessSection, type Classification } from './requirements';
export { scoreExtraction, overlapF1, tokens, type ExtractionScore, type LabelledRequirement } from './evaluate';
export { scoreDraft, type DraftAnalysis, type MissingRequirement, type RequirementMatch, type Suggestion } from './scoring';
export { GENERATED_DOCUMENT_TYPES, complianceMatrixRows, generateDocument, type ComplianceMatrixRow, type GenerateInput, type GeneratedDocumentType, type OpportunityFacts, type Tone } from './generators';
