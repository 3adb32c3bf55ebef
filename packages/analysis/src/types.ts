/** Where a requirement sits in a Uniform Contract Format solicitation (or its quote-request equivalent). */
export type SectionCode = 'L' | 'M' | 'C' | 'other';

export type Obligation = 'must' | 'should';

/** One obligation an offeror has to meet or be evaluated on. */
export interface Requirement {
  /** `${L|M|C|O}-NNN`, numbered per section in document order; stable for the same input. */
  requirement_id: string;
  section: SectionCode;
  must_or_should: Obligation;
  /** 1 by default; 2-3 for evaluation factors and explicitly important items. */
  weight: number;
  text: string;
  /** 1-based page the requirement starts on; null when the source has no pages. */
  page: number | null;
}

/** Text of one page, 1-based. */
export interface PageText {
  page: number;
  text: string;
}
