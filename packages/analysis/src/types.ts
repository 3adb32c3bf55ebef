/** Where a requirement sits in a Uniform Contract Format solicitation (or its quote-request equivalent). */
export type SectionCode = 'L' | 'M' | 'C' | 'other';

export type Obligation = 'must' | 'should';

/** One obligation an offeror has to meet or be evaluated on. */
export interface Requirement {
  /** `${L|M|C|O}-` and the document's own paragraph number (`L-5.2.1`, `L-5.2.1.b`, `L-5.2.1-2`),
   * or a short hash of the text where there is none (`C-4fa9c1`, `C-2.1-4fa9c1`): the same for the
   * same solicitation uploaded again, and unchanged by paragraphs inserted elsewhere. */
  requirement_id: string;
  section: SectionCode;
  must_or_should: Obligation;
  /** 1 by default; 2-3 for evaluation factors and explicitly important items. */
  weight: number;
  text: string;
  /** 1-based page the requirement starts on; null when the source has no pages. */
  page: number | null;
  /** Other pages the same requirement is printed on in its section (repeats merged into this one);
   * absent when it appears once. */
  pages?: number[];
  /** Why the engine took it: shown to the user ("Why is this a requirement?") and exported as the
   * Basis column. Absent on requirements stored before the engine recorded it. */
  basis?: RequirementBasis;
  /** A list item's lead-in, the sentence it hangs from ("The contractor shall deliver the
   * following:"): the item is a requirement only together with it. Absent for anything else. */
  lead_in?: string;
}

/** The reason a requirement is one: the rules that decided, the cue they saw, and where its section came from. */
export interface RequirementBasis {
  /** Ids of the rules that decided, deciding rule first ("modal.shall", "list.inherit-lead-in"). */
  rules: string[];
  /** The words that carried the obligation ("shall", "must not", "imperative: submit"); null if none. */
  cue: string | null;
  /** Where the section came from, for a person: "heading 'Instructions to Offerors', p. 12"; "no heading before it". */
  section: string;
}

/** Text of one page, 1-based. */
export interface PageText {
  page: number;
  text: string;
  /** Lines the page's type marks as headings (a PDF's larger or bold titles): offset of the line
   * in `text` and its level, 1 for the largest. Absent for plain text. */
  headings?: Array<{ start: number; level: number }>;
}
