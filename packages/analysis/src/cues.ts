/**
 * Patterns that mark obligations in federal solicitations (FAR 15 RFPs, FAR 8/13 RFQs, UCF and
 * non-UCF), built from the vocabulary in rules/lexicon.ts. Nothing here is specific to one document.
 */
import {
  BUYER_ACRONYMS,
  BUYER_HANDLING_VERBS,
  BUYER_REFUSAL_VERBS,
  BUYER_NAMES,
  BUYER_SHORT_NAMES,
  CONSEQUENCE_OUTCOMES,
  CONSEQUENCE_REFUSALS,
  CORE_PARTY_NOUNS,
  EVALUATION_VERB_STEMS,
  EVALUATION_VERB_WORDS,
  LIMIT_PHRASES,
  MODALS,
  OFFEROR_PASSIVE_VERBS,
  PARTY_NOUNS,
  PARTY_PRONOUNS,
  PROCESS_VERBS,
  RATING_WORDS,
  RECOMMENDATION_VERBS,
  RECOMMENDATION_WORDS,
  SOFTENERS,
  THIRD_PARTIES,
  alternation,
} from './rules/lexicon';

const PARTIES = `(?:${alternation(PARTY_NOUNS)})(?:s|\\(s\\))?`;
const CORE_PARTIES = `(?:${alternation(CORE_PARTY_NOUNS)})s?`;
const BUYERS = alternation(BUYER_NAMES.filter((n) => n !== 'the department' && n !== 'ordering activity'));

/** Who the offeror is, however a solicitation names it. */
export const PARTY = new RegExp(`^(?:${PARTIES}|${alternation(PARTY_PRONOUNS)})$`, 'i');

/** Things the offeror produces or performs; "Work will be conducted ..." binds the contractor. */
export const PRODUCT =
  /^(work|services?|proposals?|quotes?|quotations?|offers?|submissions?|responses?|deliverables?|reports?|volumes?|code|software|documentation|personnel|staff|employees)$/i;

/** The buyer's side: its actions are not the offeror's obligations. */
export const GOVERNMENT = new RegExp(`\\b(?:${alternation(BUYER_NAMES)})\\b|^\\s*(?:we|us)\\b`, 'i');
/** Acronyms for government officials; case matters ("CO" is not "co-"). */
export const GOVERNMENT_ACRONYM = new RegExp(`\\b(?:${alternation(BUYER_ACRONYMS)})\\b`);

/** Subordinators and punctuation that start a new clause (the subject of a modal sits after them). */
export const CLAUSE_BOUNDARY =
  /[,;:(]|\b(that|which|who|whom|whose|if|when|where|whether|why|how|whereby|because|since|unless|until|while|although|though|than|so|once|after|before)\b/gi;

export const PREPOSITION =
  /^(of|to|for|in|from|with|under|by|on|at|during|after|before|within|without|about|per|via|as|received|submitted|provided|delivered|proposed|identified|required|listed|described|located)$/i;

export const DETERMINER =
  /^(the|a|an|all|any|each|every|its|their|your|his|her|this|these|that|those|such|other|no|some|both|either|neither|our|one)$/i;

// Verbs that open an imperative requirement ("Submit ...", "Provide ...").
export const IMPERATIVE_VERBS = new Set(
  (
    'submit provide describe include ensure coordinate convert allow create identify explain demonstrate deliver ' +
    'prepare maintain develop implement perform conduct establish furnish attach complete sign indicate specify ' +
    'discuss enhance build notify obtain comply follow organize propose verify acknowledge adhere respond outline ' +
    'summarize state define assign protect integrate install inspect remove repair replace operate clearly ' +
    'certify confirm address detail list label format number use manage support test document report update ' +
    'train monitor track present limit upload email e-mail send return furnish retain keep observe meet ' +
    'participate attend coordinate collaborate analyze evaluate design deploy migrate configure secure store ' +
    'archive backup migrate validate prioritize facilitate host recruit interview schedule plan record invoice bill ' +
    'read fill enter mark register contact direct forward bring name show give justify itemize highlight clarify designate consult ' +
    'affix insert enclose print staple bind paginate cite'
  ).split(/\s+/),
);

// Imperative verbs that are also common nouns ("Design deliverables", "Test results"): these need a
// determiner or object-like word after them to count.
export const AMBIGUOUS_VERBS = new Set(
  'address detail list label format number use manage support test document report update train monitor track present limit design record schedule plan host email e-mail return store archive backup invoice bill mark contact direct forward name'.split(
    ' ',
  ),
);

/** "Task 3 -", "Step 2:", "Please", "Finally," before an imperative verb. */
export const IMPERATIVE_PREFIX =
  /^(?:(?:task|step|item|subtask|requirement|activity)\s+\d+(?:\.\d+)*[a-z]?\s*[-–—:.)]\s*|please\s+|(?:finally|additionally|also|further|furthermore|then|next|lastly|first|second|third),?\s+)+/i;

/** Opting in ("if you would like updates, subscribe ...") is not a requirement. */
export const OPTIONAL_CONDITION = new RegExp(
  `\\bif\\s+(?:you|your (?:firm|company|organization)|(?:the\\s+)?${PARTIES})\\s+(?:would like|wish(?:es)?|wants?|desires?|chooses?|choose|prefers?)\\b|\\b(?:you|they)['’]d like\\b|\\bif (?:desired|preferred)\\b`,
  'i',
);

/** Statements that something is NOT the offeror's obligation, or is the government's choice. */
export const EXCLUSION =
  /\b(reserves?|retains?) the right\b|\bnot obligate\b|\b(shall|should|will) not be construed\b|\b(is|are) not (responsible|required|obligated)\b|\bnot be (held )?responsible\b|\bdoes not intend\b|\bis under no obligation\b|\bnot (be )?(required|necessary) to\b/i;

export const REQUIRED_PHRASE =
  /(?<!\bas )\b(is|are|be|been|being) (required|mandatory|necessary)\b|\brequired to\b|\bis a (mandatory )?requirement\b/i;

/** "may be required", "if required": a possibility, not an obligation. */
export const HEDGED_REQUIRED =
  /\b(may|might|could|can) (also )?be (required|necessary)\b|\b(if|as|when|where) (required|necessary|needed)\b/i;

export const SHOULD_PHRASE = new RegExp(
  `\\b(?:is|are) (?:strongly |highly )?(?:${alternation(RECOMMENDATION_WORDS)})\\b|\\bpreferabl[ey]\\b|\\bpreferred\\b|\\bdesirable\\b|\\bit is (?:highly )?(?:recommended|desired|advisable)\\b|\\b(?:we|government|agency)\\s+(?:strongly\\s+)?(?:${alternation(RECOMMENDATION_VERBS)})\\b`,
  'i',
);

/** Page, length, font and count limits: "limited to 10 pages", "12-point font", "no more than 3". */
export const LIMIT = new RegExp(
  `(?<!\\bnot (?:be )?)\\b(?:${alternation(LIMIT_PHRASES)})\\b|` +
    String.raw`\b\d{1,2}[- ]?(point|pt\.?)\s+(font|type|typeface)\b|\bfont size\b|\bpage limit(s|ation)?\b|\bsingle[- ]spaced\b|\b(one|1)[- ]inch margins?\b`,
  'i',
);

/** Wording that marks evaluation factors, criteria and the basis of award (Section M). */
export const EVALUATION_VOCAB =
  /\b(evaluat\w*|assess\w*|review\w*|rated|rating|ratings|consider\w*|scor(e|ed|ing)|demonstrat\w*|abilit(y|ies)|capabilit\w*|understanding|experience|qualifications?|approach|price|prices|pricing|cost|costs|past performance|factors?|subfactors?|criteri(a|on)|strengths?|weakness(es)?|deficienc(y|ies)|risks?|importan(t|ce)|outweigh\w*|best value|trade-?offs?|select\w*|award\w*|merit|feasib\w*|realism|reasonable(ness)?)\b/i;

/** Relative-importance wording that raises a requirement's weight. */
export const HIGH_IMPORTANCE =
  /\b(most important|significantly more important|more important than|more (concerned|interested) (with|in)|outweighs?|greatest (weight|importance)|paramount|descending order of importance|approximately equal|equal(ly)? (in )?importan\w*)\b/i;

/** Lead-ins whose items are examples of one requirement, not separate ones. */
export const EXAMPLES_LEAD_IN =
  /(\bincluding|\bsuch as|\bbut not (be )?limited to|\bfor example|\be\.g\.),?:?$|\b(experience|expertise|knowledge|skills?|proficiency|familiarity)( base)? (in|of|with)( the following( areas)?)?:?$/i;

/** Table headers whose rows are each something to deliver or submit. */
export const DELIVERABLE_TABLE = /\b(deliverables?|submittals?|cdrls?|data items?|reports?|requirements?|tasks?)\b/i;
/** Rows that set a deadline or a submission on their own. */
export const DUE_ROW = /\b(due|deadline|submit\w*|submissions?|shall|must|required)\b/i;

/** Sentences about the document itself ("This section describes ...") and user stories
 * ("As a reviewer, I want ...") illustrate; they oblige no one. */
export const NON_OBLIGATION =
  /^(this|the following) (section|part|paragraph|clause|attachment|document)s? (describes?|explains?|sets? forth|outlines?|provides?|contains?|summari[sz]es?)\b|^as an? [^,]{1,80}, (i|we) (want|need|would like|can|should be able)\b/i;

/** Third parties whose duties a solicitation describes but the offeror does not carry (ordering
 * customers, other agencies). */
export const THIRD_PARTY = new RegExp(`\\b(?:${alternation(THIRD_PARTIES)})\\b`, 'i');

/** An offeror named inside a subject ("the Government and the Contractor will ..."): a joint duty. */
export const PARTY_WORD = new RegExp(`\\b${CORE_PARTIES}\\b(?!['’]s|-)`, 'i');

/**
 * Obligations phrased without a modal of their own (FAR/UCF usage): expectations, prohibitions and
 * the consequences of not complying. All of them bind the offeror.
 */
export const EXPECTATION =
  /\b(is|are|remains?) (solely |fully )?responsible for\b|\b(is|are) expected to\b|\bwill need to\b|\b(is|are) cautioned not to\b|\bit is (critical|essential|imperative|mandatory|vital) that\b|\b(has|have) \d+ (calendar |business |working )?days to\b/i;
export const CONSEQUENCE = new RegExp(
  `\\b(?:will|shall) not be (?:${alternation(CONSEQUENCE_REFUSALS)})\\b|\\b(?:government|agency|contracting officer)\\s+will\\s+not\\s+(?:${alternation(BUYER_REFUSAL_VERBS)})\\b|\\b(?:will|shall|may) be (?:${alternation(CONSEQUENCE_OUTCOMES)})\\b|` +
    String.raw`^failure (of|by|on the part of) .{1,80}? to\b|^failure to\b|\bprecludes?\b|\b(?:may|could|can|will) result in (?:the |a )?(?:rejection|elimination|disqualification|lower(?:ed)? (?:[a-z]+ )?(?:rating|score)s?)\b|^no .{1,80}?\b(may|shall|will|can) be (included|submitted|accepted|considered|used|provided|attached|incorporated)\b|\b(is|are) (strictly )?prohibited\b|\b(is|are) not (allowed|permitted|acceptable)\b`,
  'i',
);
/** Softer wording the labelling conventions read as advice. */
export const ADVICE = /\b(is|are) cautioned to\b|\bit is (important|advisable|recommended) that\b/i;

/** "Do not ...", "Never ...": a prohibition in the imperative. */
export const PROHIBITIVE_IMPERATIVE = /^(please\s+)?(do not|don['’]t|never)\s+[a-z]/i;
/** "Be sure to read ...", "Please be prepared to ...". */
export const BE_IMPERATIVE = /^(please\s+)?be (sure|certain|prepared|ready) to\b/i;

/** A whole sentence in parentheses is an editorial or template note ("(Provide any specific requirements.)"). */
export const PARENTHETICAL = /^\([^()]*(\([^()]*\)[^()]*)*\)\.?$/;

/** Sentences that only point elsewhere: "The page limit is noted below in paragraph b." */
export const CROSS_REFERENCE =
  /^attached (to this \w+ |hereto |herewith )?(is|are)\b|\b(is|are) (noted|described|listed|set forth|specified|found|identified|shown|outlined|contained|detailed) (below|above|herein|in (paragraph|section|attachment|clause|exhibit|table)|at)\b/i;

/** "Best value means ...": a definition. */
export const DEFINITION = /^["“]?[A-Z][\w\s"“”'’/-]{1,60}["”]? means\b|^(an?|the) [\w-]+( [\w-]+){0,3} (is|are) [\w-]+ (when|if)\b/;

/** Figure and table captions and running headers with a solicitation number. */
// The second form is case-sensitive: a title in capitals ("Staffing Matrix"), not an item that ends
// in the word ("Provide an organization chart").
export const CAPTION =
  /^(?:[Ff]igure|[Tt]able|[Ee]xhibit|[Cc]hart|[Aa]ttachment|[Aa]ppendix|FIGURE|TABLE|EXHIBIT|CHART|ATTACHMENT|APPENDIX)\s+[A-Z0-9][\w.-]*\s*(?:[:.–—-]|$)|^[A-Z][\w/-]*(?: [A-Z][\w/-]*){0,6} (?:[Tt]able|[Cc]hart|[Ff]igure|[Mm]atrix|[Ee]xhibit|TABLE|CHART|FIGURE|MATRIX|EXHIBIT)$/;
export const SOLICITATION_NUMBER_LINE =
  /^(?:[A-Za-z&]+\s+){0,4}(solicitation|rfp|rfq|rfi|ifb|request for (proposals?|quotations?))\s*(no\.?|number|#)?\s*:?\s*#?(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{5,}\b[^.!?]{0,40}$/i;

/** Mailing addresses listed under "addressed as follows:". */
export const ADDRESS_LINE =
  /\b\d{5}(-\d{4})?\b|\bATTN\b|\b(avenue|street|suite|room|bldg|building|road|blvd|drive|p\.?\s?o\.? box)\b|^(fax|phone|tel|telephone|email|e-mail)\b/i;

/** Rating definition tables (adjectival ratings, colours, risk levels): they define, they do not require. */
export const RATING_TABLE = /\b(adjectival|ratings?|colou?r|risk|confidence|definitions?|descriptions?|discount factor)\b/i;
export const RATING_ROW = new RegExp(`^(?:${alternation(RATING_WORDS)})\\b`, 'i');

/** Checklist tables: each row is something to include. */
export const CHECKLIST_TABLE = /\b(included|completed|checklist|check|submitted|provided|yes\/no|y\/n)\b/i;

/** Statement-of-work lead-ins without a modal ("The following tasks are anticipated:"). */
export const SOW_LEAD_IN =
  /\b(tasks?|efforts?|services?|activities|duties|responsibilities|functions|work|initiatives|support|deliverables)\b.{0,80}\b(anticipated|expected|required|include|includes|are as follows|consists? of|to be (performed|ordered|provided|examined|delivered))\b/i;

/** Verbs of evaluating or deciding award: a Government statement with one is an evaluation criterion. */
export const EVALUATION_VERB = new RegExp(`\\b(?:(?:${alternation(EVALUATION_VERB_STEMS)})\\w*|${alternation(EVALUATION_VERB_WORDS)})\\b`);
/** Government handling in the evaluation part that is process, not a criterion. */
export const PROCESS_PASSIVE = new RegExp(`\\bwill (?:then )?(?:not )?be (?:${alternation(PROCESS_VERBS)})\\b`, 'i');

/** Quality surveillance and service-level tables: each row states a standard the contractor meets. */
export const STANDARDS_TABLE =
  /\b(performance (objectives?|standards?|requirements?|thresholds?|measures?)|standards?|acceptable quality levels?|AQLs?|service levels?|SLAs?|metrics?)\b/i;
/** The label of a label/value row that states what the contractor must achieve or deliver. */
export const OBLIGATION_LABEL =
  /^(performance (objective|standard|requirement|threshold|measure)|standard|requirement|objective|acceptable quality level|AQL|service level)(s|\(s\))?\s*:?$/i;
/** Keys of a record-per-deliverable table that name the record or schedule it, not what it must meet. */
export const RECORD_KEY_LABEL =
  /^(deliverable(\s+(no\.?\s*)?\d+[a-z]?)?|deliverable (name|title)|item( no\.?)?|due( date)?|frequency|deadline|(method|methods) of (assessment|measurement|verification)|assessment method|responsible party|point of contact)\s*:?$/i;
/** Labels whose value is the Government's side of a surveillance plan. */
export const GOVERNMENT_LABEL =
  /^(method of surveillance|surveillance( method)?|incentives?|disincentives?|remed(y|ies)|inspection( method)?|monitoring( method)?)\s*:?$/i;

/** "If possible, provide ...": an imperative softened into advice. */
export const IF_POSSIBLE = new RegExp(`^(?:${alternation(SOFTENERS)})\\b|,\\s*(?:${alternation(SOFTENERS)})[.,:]?$`, 'i');

/** "... will be performed by the COR": the buyer acts; the subject before it is no obligation. */
export const BY_GOVERNMENT = new RegExp(
  `^\\s+(?:not\\s+)?be\\s+\\w+(?:\\s+\\w+){0,8}?\\s+by\\s+(?:the\\s+)?(?:${BUYERS}|${alternation(BUYER_ACRONYMS)}|acor|${alternation(BUYER_SHORT_NAMES)})\\b`,
  'i',
);
/** "... will be documented by the contractor": the offeror acts. */
export const BY_PARTY = new RegExp(`^\\s+(?:not\\s+)?be\\s+\\w+\\s+by\\s+(?:the\\s+)?${PARTIES}\\b`, 'i');
/** "... shall be returned to the contractor": something the buyer hands the offeror. */
export const TO_PARTY = new RegExp(
  `^\\s+(?:not\\s+)?be\\s+(?:returned|provided|given|furnished|sent|made available|issued|paid)\\s+to\\s+(?:the\\s+)?${PARTIES}\\b`,
  'i',
);
/** Passive verbs only the offeror performs ("Changes will be submitted on a page-for-page basis"). */
export const OFFEROR_PASSIVE = new RegExp(`^\\s+be\\s+(?:${alternation(OFFEROR_PASSIVE_VERBS)})\\b`, 'i');
/** "Proposals will be evaluated / posted / returned": the buyer handling what it receives. */
export const GOVERNMENT_HANDLING = new RegExp(`^\\s+(?:not\\s+)?be\\s+(?:${alternation(BUYER_HANDLING_VERBS)})\\b`, 'i');
/** The modal verbs the engine weighs (rules/lexicon.ts MODALS), as a pattern. */
export const MODAL_VERB = new RegExp(`\\b(${alternation(MODALS)})\\b`, 'i');
/** "... shall result in a binding contract": a statement of effect, unless it follows a failure. */
export const RESULT = /^\s+(not\s+)?result\s+in\b/i;
/** "will be evaluated / assessed" in the instructions states how the offer is judged. */
export const EVALUATED_PASSIVE = /^\s+(also\s+)?be\s+(evaluated|assessed|rated|scored)\b/i;
/** "<party> will be considered / notified / paid": done to the offeror, not by it (an adverb may sit between). */
export const PASSIVE_ON_PARTY =
  /^\s+(not\s+)?(\w+ly\s+)?be\s+(\w+ly\s+)?(?!required|expected|prepared|responsible|able|available|obligated|limited)(\w+ed|given|paid|made|held|told|sent|shown|taken|known|seen)\b/i;
/** A passive after a modal: "shall be notified", "will have been reviewed". */
export const PASSIVE = /^\s+(not\s+)?(be|have been)\s+\w+(ed|en|wn|ne|t)\b/i;
