/**
 * Document generators: markdown documents built from the notice facts and the extracted
 * requirements, with no AI provider involved. Same input, same output (dates come from `now`).
 */
import { executiveBrief } from './brief';
import { complianceChecklist } from './compliance-checklist';
import { complianceMatrix } from './compliance-matrix';
import { pricingStrategy } from './pricing-strategy';
import { proposalDraft } from './proposal-draft';
import { requirementsAnalysis } from './requirements-analysis';
import { responseTemplate } from './response-template';
import { rfiQuestions } from './rfi';
import type { GenerateInput, GeneratedDocumentType, GeneratorContext } from './types';

export type { FormDue, GenerateInput, GeneratedDocumentType, OpportunityFacts, Tone } from './types';
export { complianceMatrixRows, type ComplianceMatrixRow } from './compliance-matrix';
export { learnAcronyms } from './glossary';

export const GENERATED_DOCUMENT_TYPES: readonly GeneratedDocumentType[] = [
  'brief',
  'compliance',
  'rfi',
  'rfp',
  'requirements',
  'proposal',
  'pricing',
];

/** Render one document as markdown. */
export function generateDocument(input: GenerateInput): string {
  const ctx: GeneratorContext = {
    opportunity: input.opportunity,
    // Ids and document order are what every generator cites and sorts by; never mutate the caller's list.
    requirements: [...(input.requirements ?? [])],
    tone: input.tone ?? 'professional',
    now: input.now ?? new Date(),
    glossary: input.glossary,
    formDue: input.formDue,
  };
  switch (input.type) {
    case 'brief':
      return executiveBrief(ctx);
    case 'compliance':
      return input.side === 'workspace' ? complianceChecklist(ctx) : complianceMatrix(ctx);
    case 'rfi':
      return rfiQuestions(ctx);
    case 'rfp':
      return responseTemplate(ctx);
    case 'requirements':
      return requirementsAnalysis(ctx);
    case 'proposal':
      return proposalDraft(ctx);
    case 'pricing':
      return pricingStrategy(ctx);
    default: {
      const never: never = input.type;
      throw new Error(`Unknown document type: ${String(never)}`);
    }
  }
}
