/**
 * Word lists and patterns that mark obligations in federal solicitations (FAR 15 RFPs, FAR 8/13
 * RFQs, UCF and non-UCF). Nothing here is specific to one document.
 */

/** Who the offeror is, however a solicitation names it. */
export const PARTY = /^(offerors?|offeror\(s\)|contractors?|contractor\(s\)|vendors?|vendor\(s\)|quoters?|bidders?|proposers?|respondents?|awardees?|subcontractors?|you|they|firms?|teams?|prime)$/i;

/** Things the offeror produces or performs; "Work will be conducted ..." binds the contractor. */
export const PRODUCT = /^(work|services?|proposals?|quotes?|quotations?|offers?|submissions?|responses?|deliverables?|reports?|volumes?|code|software|documentation|personnel|staff|employees)$/i;

/** The buyer's side: its actions are not the offeror's obligations. */
export const GOVERNMENT =
  /\b(government|contracting officer|contracting officer['’]s representative|agency|evaluators?|(evaluation|source selection) (board|team|panel|committee|authority)|the department|ordering activity)\b|^\s*(we|us)\b/i;
/** Acronyms for government officials; case matters ("CO" is not "co-"). */
export const GOVERNMENT_ACRONYM = /\b(CO|COR|KO|SSA|SSEB|TEP|TET|PCO|ACO|COTR)\b/;

/** Subordinators and punctuation that start a new clause (the subject of a modal sits after them). */
export const CLAUSE_BOUNDARY =
  /[,;:(]|\b(that|which|who|whom|whose|if|when|where|whether|because|since|unless|until|while|although|though|than|so|once|after|before)\b/gi;

export const PREPOSITION =
  /^(of|to|for|in|from|with|under|by|on|at|during|after|before|within|without|about|per|via|as|received|submitted|provided|delivered|proposed|identified|required|listed|described|located)$/i;

export const DETERMINER = /^(the|a|an|all|any|each|every|its|their|your|his|her|this|these|that|those|such|other|no|some|both|either|neither|our|one)$/i;

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
    'read fill enter mark register contact direct forward bring name'
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
export const OPTIONAL_CONDITION =
  /\bif (you|your (firm|company|organization)|the (offeror|vendor|quoter)|offerors?|vendors?|quoters?)\s+(would like|wish(es)?|want(s)?|desire(s)?|choose(s)?|prefer(s)?)\b|\b(you|they)['’]d like\b|\bif (desired|preferred)\b/i;

/** Statements that something is NOT the offeror's obligation, or is the government's choice. */
export const EXCLUSION =
  /\b(reserves?|retains?) the right\b|\bnot obligate\b|\b(shall|should|will) not be construed\b|\b(is|are) not (responsible|required|obligated)\b|\bnot be (held )?responsible\b|\bdoes not intend\b|\bis under no obligation\b|\bnot (be )?(required|necessary) to\b/i;

export const REQUIRED_PHRASE = /(?<!\bas )\b(is|are|be|been|being) (required|mandatory|necessary)\b|\brequired to\b|\bis a (mandatory )?requirement\b/i;

/** "may be required", "if required": a possibility, not an obligation. */
export const HEDGED_REQUIRED = /\b(may|might|could|can) (also )?be (required|necessary)\b|\b(if|as|when|where) (required|necessary|needed)\b/i;

export const SHOULD_PHRASE =
  /\b(is|are) (strongly )?(encouraged|recommended|preferred|desired)\b|\bpreferabl[ey]\b|\bpreferred\b|\bdesirable\b|\bit is (highly )?(recommended|desired|advisable)\b/i;

/** Page, length, font and count limits: "limited to 10 pages", "12-point font", "no more than 3". */
export const LIMIT =
  /(?<!\bnot (be )?)\b(limited to|not to exceed|shall not exceed|will not exceed|may not exceed|must not exceed|no more than|no fewer than|not more than|not less than|at least|at a minimum|a maximum of|a minimum of|maximum of|minimum of|no later than)\b|\b\d{1,2}[- ]?(point|pt\.?)\s+(font|type|typeface)\b|\bfont size\b|\bpage limit(s|ation)?\b|\bsingle[- ]spaced\b|\b(one|1)[- ]inch margins?\b/i;

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
export const THIRD_PARTY = /\b(customer agenc(y|ies)|agencies|customers|ordering (activities|offices))\b/i;

/** An offeror named inside a subject ("the Government and the Contractor will ..."): a joint duty. */
export const PARTY_WORD = /\b(offerors?|contractors?|vendors?|quoters?|bidders?|proposers?)\b(?!['’]s|-)/i;

/**
 * Obligations phrased without a modal of their own (FAR/UCF usage): expectations, prohibitions and
 * the consequences of not complying. All of them bind the offeror.
 */
export const EXPECTATION =
  /\b(is|are|remains?) (solely |fully )?responsible for\b|\b(is|are) expected to\b|\bthe government expects\b|\bwill need to\b|\b(is|are) cautioned not to\b|\bit is (critical|essential|imperative|mandatory|vital) that\b|\b(has|have) \d+ (calendar |business |working )?days to\b/i;
export const CONSEQUENCE =
  /\b(will|shall) not be (accepted|considered|evaluated|reviewed|read|opened|scored|allowed|permitted|counted)\b|\bwill be (rejected|disqualified|eliminated|excluded|returned unopened|found (unacceptable|non-?compliant|ineligible|non-?responsive)|deemed (unacceptable|non-?responsive|non-?compliant|ineligible)|considered (late|non-?responsive|unacceptable|ineligible))\b|^failure (of|by|on the part of) .{1,80}? to\b|^failure to\b|\bprecludes?\b|\bmay result in (the )?(a )?(rejection|elimination|disqualification)\b|^no .{1,80}?\b(may|shall|will|can) be (included|submitted|accepted|considered|used|provided|attached|incorporated)\b|\b(is|are) (strictly )?prohibited\b|\b(is|are) not (allowed|permitted|acceptable)\b/i;
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
export const CAPTION = /^(figure|table|exhibit|chart|attachment|appendix)\s+[A-Z0-9][\w.-]*\s*([:.–—-]|$)|^[A-Z][\w/-]*( [A-Z][\w/-]*){0,6} (table|chart|figure|matrix|exhibit)$/i;
export const SOLICITATION_NUMBER_LINE =
  /^(?:[A-Za-z&]+\s+){0,4}(solicitation|rfp|rfq|rfi|ifb|request for (proposals?|quotations?))\s*(no\.?|number|#)?\s*:?\s*#?(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{5,}\b[^.!?]{0,40}$/i;

/** Mailing addresses listed under "addressed as follows:". */
export const ADDRESS_LINE =
  /\b\d{5}(-\d{4})?\b|\bATTN\b|\b(avenue|street|suite|room|bldg|building|road|blvd|drive|p\.?\s?o\.? box)\b|^(fax|phone|tel|telephone|email|e-mail)\b/i;

/** Rating definition tables (adjectival ratings, colours, risk levels): they define, they do not require. */
export const RATING_TABLE = /\b(adjectival|ratings?|colou?r|risk|confidence|definitions?|descriptions?|discount factor)\b/i;
export const RATING_ROW =
  /^(blue|purple|green|yellow|red|white|outstanding|excellent|exceptional|very good|good|satisfactory|acceptable|marginal|unacceptable|neutral|high|moderate|low|pass|fail|(substantial|satisfactory|limited|no|unknown) confidence|discount factor|evaluation year)\b/i;

/** Checklist tables: each row is something to include. */
export const CHECKLIST_TABLE = /\b(included|completed|checklist|check|submitted|provided|yes\/no|y\/n)\b/i;

/** Statement-of-work lead-ins without a modal ("The following tasks are anticipated:"). */
export const SOW_LEAD_IN =
  /\b(tasks?|efforts?|services?|activities|duties|responsibilities|functions|work|initiatives|support|deliverables)\b.{0,80}\b(anticipated|expected|required|include|includes|are as follows|consists? of|to be (performed|ordered|provided|examined|delivered))\b/i;

/** Verbs of evaluating or deciding award: a Government statement with one is an evaluation criterion. */
export const EVALUATION_VERB =
  /\b(evaluat\w*|assess\w*|consider\w*|review\w*|rat(e|es|ed|ing)|scor\w*|award\w*|select\w*|determin\w*|identify|focus\w*|compar\w*|intend\w*|judg\w*|measur\w*|look\w* (for|at)|base[sd]?|weigh\w*|prefer\w*)\b/;
/** Government handling in the evaluation part that is process, not a criterion. */
export const PROCESS_PASSIVE =
  /\bwill (then )?(not )?be (applied|conducted|computed|calculated|disclosed|included|merged|added|performed|made available|notified|held|posted|released|provided)\b/i;

/** Quality surveillance and service-level tables: each row states a standard the contractor meets. */
export const STANDARDS_TABLE =
  /\b(performance (objectives?|standards?|requirements?|thresholds?|measures?)|standards?|acceptable quality levels?|AQLs?|service levels?|SLAs?|metrics?)\b/i;
/** The label of a label/value row that states what the contractor must achieve or deliver. */
export const OBLIGATION_LABEL =
  /^(performance (objective|standard|requirement|threshold|measure)|standard|requirement|objective|acceptable quality level|AQL|deliverable|due( date)?|frequency|deadline|service level)s?\s*:?$/i;
/** Labels whose value is the Government's side of a surveillance plan. */
export const GOVERNMENT_LABEL = /^(method of surveillance|surveillance( method)?|incentives?|disincentives?|remed(y|ies)|inspection( method)?|monitoring( method)?)\s*:?$/i;

/** "If possible, provide ...": an imperative softened into advice. */
export const IF_POSSIBLE = /^(if|where|when(ever)?) (possible|practicable|feasible)\b/i;
