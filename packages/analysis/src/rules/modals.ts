import { NOT_A_REQUIREMENT } from './exclusions';
import type { Rule } from './types';

/**
 * Cue-stage rules that act on the modal analysis (rules/modal.ts): the finding's own sub-rule
 * ("modal.shall", "modal.will-thing") follows the deciding rule in the basis.
 */

export const modalBinding: Rule = {
  id: 'modal.binding',
  stage: 'cue',
  priority: 90,
  description: 'shall, must, will, may not or cannot with the offeror, its people or its product as subject binds.',
  decide: ({ modal }) => (modal.level === 'strong' ? modal : null),
  examples: {
    fire: [
      'The Contractor shall deliver the report monthly.',
      'Offerors may not submit alternate proposals.',
      'The Project Manager will attend the kickoff meeting.',
      { text: 'The system will encrypt all data at rest.', ctx: { section: 'C' } },
      'All Government-furnished property shall be returned at the end of the contract.',
      'The Contractor shall not be paid for work that could have been avoided.',
    ],
    silent: [
      'The Contracting Officer will notify the Contractor of the decision.',
      'The Government does not anticipate that contractor staff will work on weekends.',
      'Offerors may submit questions by email.',
      'The Contractor will be notified of award by email.',
      { text: 'The Contractor shall be advised of any deficiency and given the opportunity to correct it.', ctx: { section: 'C' } },
      { text: 'The period of performance will be twelve months.', ctx: { section: 'C' } },
      { text: 'Performance under this contract shall be for a 12-month base year and four option years.', ctx: { section: 'C' } },
      {
        text: 'FDA will provide the data extract weekly.',
        ctx: {
          section: 'C',
          lexicon: {
            buyerNames: new Set(['food and drug administration']),
            buyerAcronyms: new Set(['FDA']),
            roles: new Set(),
            buyerName: /\bfood\s+and\s+drug\s+administration\b/i,
            buyerAcronym: /\bFDA\b/,
          },
        },
      },
    ],
  },
};

export const modalBuyerActs: Rule = {
  id: 'modal.buyer-acts',
  stage: 'cue',
  priority: 110,
  description: "Outside the evaluation part, a unit whose only modal has the buyer as actor is the buyer's duty, not the offeror's.",
  decide: ({ modal, ctx }) => (modal.buyerActs && ctx.section !== 'M' ? NOT_A_REQUIREMENT : null),
  examples: {
    fire: ['The Government will provide badges to all contractor staff.', 'Government personnel will perform the acceptance inspection.'],
    silent: [
      'The Contractor will provide badges to all staff.',
      { text: 'The Government will evaluate past performance.', ctx: { section: 'M' } },
    ],
  },
};

export const modalAdvice: Rule = {
  id: 'modal.advice',
  stage: 'cue',
  priority: 150,
  description: '"should" (and "may either", "may have to") with the offeror or its work as subject is advice: a should-requirement.',
  decide: ({ modal }) => (modal.level === 'should' ? modal : null),
  examples: {
    fire: [
      'Resumes should not exceed two pages each.',
      'Offerors may either submit audited statements or a bank reference.',
      'Contractors may have to obtain a facility clearance.',
    ],
    silent: [
      'Should the Contractor be terminated, all materials transfer to the Government.',
      'Offerors should note that the site visit is optional.',
    ],
  },
};

export const modalEvaluated: Rule = {
  id: 'modal.evaluated',
  stage: 'cue',
  priority: 170,
  description: 'In the instructions, "X will be evaluated" tells the offeror how its offer is judged: a criterion.',
  decide: ({ modal }) => (modal.level === 'weak' ? modal : null),
  examples: {
    fire: ['The technical volume will be evaluated for clarity.'],
    silent: [{ text: 'The technical volume will be evaluated for clarity.', ctx: { section: 'C' } }],
  },
};

export const MODAL_RULES: readonly Rule[] = [modalBinding, modalBuyerActs, modalAdvice, modalEvaluated];
