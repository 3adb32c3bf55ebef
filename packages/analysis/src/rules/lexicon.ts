/**
 * The engine's vocabulary, in one place: who the parties are, who the buyer is, the modal, limit,
 * consequence and permission phrases, and the verbs of evaluating versus running a process. Patterns
 * in cues.ts and the rules are built from these lists, so a word added here reaches every pattern
 * that needs it. Nothing here names one document.
 */

/** Joins words or phrases into a regular-expression alternation; a space matches any whitespace. */
export function alternation(words: readonly string[]): string {
  return words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('|');
}

/** How solicitations name the offeror (singular stems; plurals are matched by the patterns). */
export const PARTY_NOUNS = [
  'offeror',
  'contractor',
  'vendor',
  'quoter',
  'bidder',
  'proposer',
  'respondent',
  'awardee',
  'subcontractor',
] as const;
/** The core party nouns that bind the offeror even inside a joint subject ("the Government and the Contractor"). */
export const CORE_PARTY_NOUNS = ['offeror', 'contractor', 'vendor', 'quoter', 'bidder', 'proposer'] as const;
/** Pronouns and collective nouns that stand for the offeror as a subject. */
export const PARTY_PRONOUNS = ['you', 'they', 'firm', 'firms', 'team', 'teams', 'prime'] as const;

/**
 * Head nouns of the offeror's people: key-personnel roles ("the Project Manager will ...") act for
 * the contractor. Roles the document itself lists under key personnel are added per document.
 */
export const ROLE_HEADS = [
  'manager',
  'lead',
  'leader',
  'director',
  'supervisor',
  'coordinator',
  'architect',
  'engineer',
  'analyst',
  'specialist',
  'administrator',
  'designer',
  'developer',
  'researcher',
  'consultant',
  'technician',
  'instructor',
  'trainer',
  'master',
  'owner',
] as const;

/** The buyer's names and officials, as a subject ("the Contracting Officer will ..."). */
export const BUYER_NAMES = [
  'government',
  'contracting officer',
  "contracting officer's representative",
  'contracting officer’s representative',
  'contract specialist',
  'contracting specialist',
  'ordering officer',
  'project officer',
  'technical monitor',
  'agency',
  'evaluator',
  'evaluators',
  'evaluation board',
  'evaluation team',
  'evaluation panel',
  'evaluation committee',
  'source selection board',
  'source selection team',
  'source selection panel',
  'source selection committee',
  'source selection authority',
  'the department',
  'ordering activity',
] as const;
/** Short names buyers give themselves in their own text ("The Library will ...", "We will evaluate ..."). */
export const BUYER_SHORT_NAMES = ['library', 'we'] as const;
/** Official acronyms; matched case-sensitively ("CO" is not "co-"). */
export const BUYER_ACRONYMS = ['CO', 'COR', 'KO', 'SSA', 'SSEB', 'TEP', 'TET', 'PCO', 'ACO', 'COTR', 'TPOC'] as const;
/** The buyer's people: "Government personnel will ..." is the buyer acting. */
export const BUYER_PEOPLE = [
  'personnel',
  'staff',
  'employees',
  'representative',
  'representatives',
  'team',
  'officials',
  'reviewers',
  'evaluators',
  'users',
] as const;
/** Nouns that make a "(ACRONYM)" expansion an organisation ("Food and Drug Administration (FDA)"). */
export const ORGANISATION_NOUNS = [
  'administration',
  'agency',
  'department',
  'office',
  'bureau',
  'center',
  'centre',
  'command',
  'institute',
  'institutes',
  'commission',
  'board',
  'division',
  'directorate',
  'library',
  'service',
  'corps',
  'authority',
  'ministry',
  'secretariat',
] as const;
/** Lines that name the issuing office on a cover page ("Issued by: ..."). */
export const ISSUING_LABELS = [
  'issued by',
  'issuing office',
  'contracting office',
  'contracting activity',
  'requiring activity',
  'buyer',
  'customer agency',
] as const;
/** Third parties whose duties a solicitation describes but the offeror does not carry. */
export const THIRD_PARTIES = [
  'customer agency',
  'customer agencies',
  'agencies',
  'customers',
  'ordering activities',
  'ordering offices',
] as const;

/** The buyer's own documents: "The RFQ will be emailed" is the buyer sending, not the offeror. */
export const BUYER_DOCUMENTS = [
  'rfq',
  'rfp',
  'rfi',
  'ifb',
  'solicitation',
  'amendment',
  'amendments',
  'answers',
  'notice',
  'modification',
  'award',
] as const;
/** What is done to the offeror ("the contractor shall be advised"): no duty, whatever the modal. */
export const DONE_TO_PARTY_VERBS = [
  'advised',
  'notified',
  'informed',
  'given',
  'paid',
  'reimbursed',
  'invited',
  'contacted',
  'allowed',
  'permitted',
  'entitled',
  'compensated',
] as const;

/** Things a statement of work delivers: with "will" they state what the delivered thing must do (CUE-WILL-THING). */
export const DELIVERED_THINGS = [
  'system',
  'systems',
  'application',
  'applications',
  'software',
  'solution',
  'tool',
  'tools',
  'platform',
  'code',
  'codebase',
  'deliverable',
  'deliverables',
  'database',
  'interface',
  'interfaces',
  'website',
  'portal',
  'documentation',
  'module',
  'modules',
  'dashboard',
  'api',
] as const;
/** Verbs after "will" that state a benefit or a plan, not a duty ("the new system will allow ..."). */
export const BENEFIT_VERBS = [
  'allow',
  'enable',
  'help',
  'permit',
  'improve',
  'reduce',
  'minimize',
  'make',
  'give',
  'replace',
  'likely',
  'probably',
  'eventually',
  'initially',
  'ultimately',
  'also',
  'need',
  'be',
] as const;

/** Modal verbs the engine weighs, with what each can decide. */
export const MODALS = ['shall', 'must', 'will', 'should', 'may', 'cannot', 'can'] as const;

/** Passive verbs only the offeror performs on its offer ("Changes will be submitted ..."). */
export const OFFEROR_PASSIVE_VERBS = [
  'submitted',
  'delivered',
  'prepared',
  'formatted',
  'marked',
  'signed',
  'completed',
  'uploaded',
  'emailed',
  'sent',
] as const;
/** Passive verbs of the buyer handling what it receives ("Proposals will be evaluated / posted / returned"). */
export const BUYER_HANDLING_VERBS = [
  'evaluated',
  'reviewed',
  'rated',
  'scored',
  'assessed',
  'considered',
  'posted',
  'published',
  'answered',
  'returned',
  'released',
  'opened',
  'made available',
  'retained',
  'kept',
  'shared',
  'disclosed',
  'notified',
  'invited',
  'awarded',
  'paid',
  'reimbursed',
  'approved',
  'requested',
] as const;
/** Stems of verbs of evaluating or deciding award: a buyer statement with one is an evaluation criterion. */
export const EVALUATION_VERB_STEMS = [
  'evaluat',
  'assess',
  'consider',
  'review',
  'scor',
  'award',
  'select',
  'determin',
  'focus',
  'compar',
  'intend',
  'judg',
  'measur',
  'weigh',
  'prefer',
] as const;
/** Whole-word verbs of evaluating that a stem would over-match ("rate" is not "rather"). */
export const EVALUATION_VERB_WORDS = [
  'rate',
  'rates',
  'rated',
  'rating',
  'identify',
  'look for',
  'look at',
  'looks for',
  'looks at',
  'looking for',
  'base',
  'based',
  'bases',
] as const;
/** Verbs of the buyer's own process in the evaluation part: notifying, inviting, computing, holding. */
export const PROCESS_VERBS = [
  'applied',
  'conducted',
  'computed',
  'calculated',
  'disclosed',
  'included',
  'merged',
  'added',
  'performed',
  'made available',
  'notified',
  'held',
  'posted',
  'released',
  'provided',
  'invited',
  'contacted',
  'scheduled',
] as const;

/** Limits on length, count and time: "limited to 10 pages", "no more than 3", "no later than". */
export const LIMIT_PHRASES = [
  'limited to',
  'not to exceed',
  'shall not exceed',
  'will not exceed',
  'may not exceed',
  'must not exceed',
  'no more than',
  'no fewer than',
  'not more than',
  'not less than',
  'at least',
  'at a minimum',
  'a maximum of',
  'a minimum of',
  'maximum of',
  'minimum of',
  'no later than',
] as const;
/** What befalls an offer that does not comply ("will be rejected", "deemed non-responsive"). */
export const CONSEQUENCE_OUTCOMES = [
  'rejected',
  'disqualified',
  'eliminated',
  'excluded',
  'returned unopened',
  'found unacceptable',
  'found noncompliant',
  'found non-compliant',
  'found ineligible',
  'found nonresponsive',
  'found non-responsive',
  'deemed unacceptable',
  'deemed nonresponsive',
  'deemed non-responsive',
  'deemed noncompliant',
  'deemed non-compliant',
  'deemed ineligible',
  'considered late',
  'considered nonresponsive',
  'considered non-responsive',
  'considered unacceptable',
  'considered ineligible',
  'ineligible for award',
] as const;
/** What the buyer refuses to do with a non-compliant offer ("will not be accepted"). */
export const CONSEQUENCE_REFUSALS = [
  'accepted',
  'considered',
  'evaluated',
  'reviewed',
  'read',
  'opened',
  'scored',
  'allowed',
  'permitted',
  'counted',
  'honored',
  'entertained',
] as const;
/** What the buyer refuses to do with a non-compliant offer, said actively ("the Government will not consider ..."). */
export const BUYER_REFUSAL_VERBS = ['accept', 'consider', 'honor', 'entertain', 'open'] as const;
/** The buyer's own events: what it expects of them is no duty of the offeror ("expects these interviews to ..."). */
export const BUYER_PROCESS_NOUNS = [
  'interview',
  'interviews',
  'evaluation',
  'evaluations',
  'award',
  'awards',
  'discussions',
  'session',
  'sessions',
  'competition',
  'selection',
  'review',
  'process',
  'processes',
  'phase',
  'phases',
] as const;
/** Words that soften an obligation into advice. */
export const RECOMMENDATION_WORDS = ['encouraged', 'recommended', 'preferred', 'desired', 'suggested'] as const;
/** Verbs of recommending that make a lead-in advice ("We suggest including ..."). */
export const RECOMMENDATION_VERBS = [
  'suggest',
  'suggests',
  'recommend',
  'recommends',
  'encourage',
  'encourages',
  'advise',
  'advises',
] as const;
/** Softeners that make an imperative advice ("If possible, provide ..."). */
export const SOFTENERS = [
  'if possible',
  'where possible',
  'when possible',
  'whenever possible',
  'if practicable',
  'where practicable',
  'if feasible',
  'where feasible',
  'if helpful',
  'if applicable',
  'as appropriate',
] as const;

/** Rating words that define an evaluation scale ("Outstanding", "Marginal", "Low risk"). */
export const RATING_WORDS = [
  'blue',
  'purple',
  'green',
  'yellow',
  'red',
  'white',
  'outstanding',
  'excellent',
  'exceptional',
  'very good',
  'good',
  'satisfactory',
  'acceptable',
  'marginal',
  'unacceptable',
  'neutral',
  'high',
  'moderate',
  'medium',
  'low',
  'pass',
  'fail',
  'superior',
  'adequate',
  'poor',
  'unsatisfactory',
  'substantial confidence',
  'satisfactory confidence',
  'limited confidence',
  'no confidence',
  'unknown confidence',
  'very relevant',
  'relevant',
  'somewhat relevant',
  'not relevant',
  'unknown',
  'not applicable',
  'highly acceptable',
  'not acceptable',
  'meets',
  'does not meet',
  'exceeds',
  'discount factor',
  'evaluation year',
] as const;

/** Words a clause does not end on: a unit ending in one was cut before its rest ("The Contractor shall", "Indicate the", "State beginning and"). */
export const CLAUSE_CONTINUERS = [
  'shall',
  'must',
  'should',
  'will',
  'may',
  'can',
  'be',
  'the',
  'a',
  'an',
  'all',
  'any',
  'each',
  'this',
  'these',
  'those',
  'and',
  'or',
  'of',
  'to',
  'for',
  'with',
  'by',
  'in',
  'on',
  'at',
  'from',
] as const;

/** Names of blanks on a form: what a signer writes in, not a duty ("Print Name", "Contract No.", "E-mail"). */
export const FORM_FIELD_NAMES = [
  'name',
  'first name',
  'last name',
  'full name',
  'title',
  'signature',
  'date',
  'telephone',
  'telephone number',
  'phone',
  'phone number',
  'fax',
  'e-mail',
  'email',
  'e-mail address',
  'email address',
  'address',
  'contract no',
  'contract number',
  'contract',
  'order number',
  'order no',
  'requisition no',
  'requisition number',
  'duns',
  'duns number',
  'uei',
  'cage',
  'cage code',
  'tax id',
  'tin',
] as const;

/** Verbs that open a form's signature line ("Print Name", "Insert Digital Signature"). */
export const FORM_FIELD_VERBS = ['print', 'type', 'typed', 'insert', 'insert digital'] as const;

/** A questionnaire's answer choices and prompts, answered rather than complied with ("Please explain", "Don't know"). */
export const FORM_PROMPTS = [
  'please explain',
  'please describe',
  'please specify',
  'please elaborate',
  'do not know',
  "don't know",
  'dont know',
  'other (describe)',
  'other (explain)',
  'other (specify)',
] as const;
