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
  /** The offer due date the solicitation's filled form states; it beats the notice's (issue 22). */
  formDue?: FormDue;
}

/**
 * The offer due date read from the solicitation's standard form, as the form writes it, with where
 * it was read and how the SAM.gov notice's deadline compares.
 */
export interface FormDue {
  /** "Jul 10, 2017, 1:00 PM EST": date, time and zone as written. */
  text: string;
  /** "SF-1449 block 8, p. 1". */
  source: string;
  /** The moment it names (ISO), when its zone is known; else the ISO calendar date. */
  at: string;
  /** The notice's deadline as SAM states it when it differs from the form's; null when they agree or there is none. */
  noticeDiffers: string | null;
}

/** What every generator receives, with defaults resolved so generators stay pure. */
export interface GeneratorContext {
  opportunity: OpportunityFacts;
  requirements: Requirement[];
  tone: Tone;
  now: Date;
  glossary?: Map<string, string>;
  formDue?: FormDue;
}
