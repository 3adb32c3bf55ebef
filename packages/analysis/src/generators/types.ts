import type { Requirement } from '../types';

export type GeneratedDocumentType = 'brief' | 'compliance' | 'rfi' | 'rfp' | 'requirements' | 'proposal' | 'pricing';

export type Tone = 'professional' | 'formal' | 'detailed';

/** The notice metadata a generator may rely on; every field can be missing on real notices. */
export interface OpportunityFacts {
  title: string;
  solicitation_number: string | null;
  agency: string | null;
  sub_tier?: string | null;
  office: string | null;
  notice_type?: string | null;
  naics: string | null;
  psc: string | null;
  set_aside: string | null;
  set_aside_description?: string | null;
  posted_date: string | null;
  /** ISO date or date-time. */
  response_date: string | null;
  /** Plain text; may be empty or null. */
  description: string | null;
  place_of_performance?: string | null;
  contacts?: { name?: string | null; email?: string | null; phone?: string | null }[];
}

export interface GenerateInput {
  type: GeneratedDocumentType;
  opportunity: OpportunityFacts;
  /** From extractRequirements; [] when no solicitation PDF was uploaded. */
  requirements: Requirement[];
  tone?: Tone;
  /** Reference time for days-to-due; defaults to the current time. */
  now?: Date;
  /** 'compliance' exists on both sides: opportunity = compliance matrix, workspace = compliance checklist. */
  side?: 'opportunity' | 'workspace';
  /** Acronyms the solicitation spells out anywhere in its text (`learnAcronyms`), not only in requirements. */
  glossary?: Map<string, string>;
}

/** What every generator receives, with defaults resolved so generators stay pure. */
export interface GeneratorContext {
  opportunity: OpportunityFacts;
  requirements: Requirement[];
  tone: Tone;
  now: Date;
  glossary?: Map<string, string>;
}
