import {
  CAPTION,
  CROSS_REFERENCE,
  DEFINITION,
  EXCLUSION,
  HIGH_IMPORTANCE,
  NON_OBLIGATION,
  PARENTHETICAL,
  SOLICITATION_NUMBER_LINE,
} from '../cues';
import { imperativeAfterClause } from './imperatives';
import type { Rule } from './types';

/** Cue-stage rules that take a unit out whatever list it sits in: reservations, notes, captions, pointers. */

/** Marks a unit no lead-in can make a requirement. */
export const NOT_A_REQUIREMENT = { level: 'excluded', cue: 'not-a-requirement' } as const;

export const exclusionReservation: Rule = {
  id: 'exclusion.reservation',
  stage: 'cue',
  priority: 10,
  description:
    'The buyer reserves a right or says the offeror is not obliged: nothing to comply with, and items under it are not duties either.',
  decide: ({ text }) => (EXCLUSION.test(text) ? { level: 'excluded', cue: 'exclusion' } : null),
  examples: {
    fire: [
      'The Government reserves the right to award without discussions.',
      'The Contractor is not responsible for the following:',
      'Offerors are not required to attend the site visit.',
    ],
    silent: ['The Contractor is responsible for all permits.', 'Offerors shall attend the site visit.'],
  },
};

export const exclusionAboutDocument: Rule = {
  id: 'exclusion.about-document',
  stage: 'cue',
  priority: 20,
  description: 'A sentence about the document itself, or a user story, illustrates and obliges no one.',
  decide: ({ text }) => (NON_OBLIGATION.test(text) ? { level: 'none', cue: null } : null),
  examples: {
    fire: [
      'This section describes how proposals will be evaluated.',
      'As a case manager, I want to filter cases so that I can work faster.',
    ],
    silent: ['This section shall be signed by an officer of the firm.'],
  },
};

export const noteOrDefinition: Rule = {
  id: 'exclusion.note',
  stage: 'cue',
  priority: 30,
  description: 'A whole sentence in parentheses, a definition ("X means ...") or a solicitation-number line.',
  // A parenthesised follow-up instruction ("(If not, indicate the amount.)") is an instruction
  // (CUE-IMPERATIVE); a bare one ("(Provide any specific requirements.)") is a template's note.
  decide: ({ text }) =>
    (PARENTHETICAL.test(text) && !imperativeAfterClause(text)) || DEFINITION.test(text) || SOLICITATION_NUMBER_LINE.test(text)
      ? NOT_A_REQUIREMENT
      : null,
  examples: {
    fire: [
      '(End of provision)',
      '(Provide any specific requirements.)',
      'Best value means the expected outcome that provides the greatest benefit.',
      'Solicitation No. 47QTCA26R0042',
    ],
    silent: ['Offerors shall define all acronyms.', '(If not, indicate the amount required.)'],
  },
};

export const caption: Rule = {
  id: 'exclusion.caption',
  stage: 'cue',
  priority: 40,
  description: 'A figure or table caption; a short one only, and never one with shall/must.',
  decide: ({ text }) => (CAPTION.test(text) && text.length < 120 && !/\b(shall|must)\b/i.test(text) ? NOT_A_REQUIREMENT : null),
  examples: {
    fire: ['Figure 3: Site layout', 'Table 2 – Labor categories'],
    silent: ['Attachment 2 must be signed and returned.', 'Provide an organization chart'],
  },
};

export const crossReference: Rule = {
  id: 'exclusion.cross-reference',
  stage: 'cue',
  priority: 50,
  description: 'A sentence that only points elsewhere ("The page limit is noted in paragraph b").',
  decide: ({ text }) =>
    CROSS_REFERENCE.test(text) && !/\b(shall|must|should)\b/i.test(text) && !HIGH_IMPORTANCE.test(text) ? NOT_A_REQUIREMENT : null,
  examples: {
    fire: ['Exceptions to the format are described in paragraph 4.3 above.', 'Attached is the wage determination.'],
    silent: ['The volumes shall be organized as described in paragraph 4.3 above.'],
  },
};

export const EXCLUSION_RULES: readonly Rule[] = [exclusionReservation, exclusionAboutDocument, noteOrDefinition, caption, crossReference];
