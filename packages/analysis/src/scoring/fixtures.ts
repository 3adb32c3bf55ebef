import type { Requirement } from '../types';

/**
 * Test material: Section L/M/C requirements in the words of a real RFQ (GSA/DOL WHD 14(c), see
 * shared/data/rfp/gsa-dol-14c-rfq.jsonl) plus common UCF instructions, and a draft written section
 * by section so tests can drop answers or evidence and know exactly what changed.
 */

const req = (requirement_id: string, must_or_should: 'must' | 'should', weight: number, text: string): Requirement => ({
  requirement_id,
  section: requirement_id[0] as Requirement['section'],
  must_or_should,
  weight,
  text,
  page: null,
});

export const REQUIREMENTS: Requirement[] = [
  req(
    'L-001',
    'must',
    1,
    'Offerors must submit a staffing plan that identifies each proposed Key Personnel position and describes how the Offeror will recruit and retain qualified staff.',
  ),
  req(
    'L-002',
    'must',
    1,
    'The Offeror shall describe its approach to transitioning work from the incumbent contractor within 30 days of award without disruption of service.',
  ),
  req('L-003', 'must', 1, 'Offerors are required to submit a Potential Organizational Conflict of Interest Statement (COI).'),
  req(
    'L-004',
    'must',
    1,
    'Proposed labor rates must be fully burdened and include profit, fringe benefits, salary, indirect rates, and the GSA Contract Access Fee (CAF).',
  ),
  req(
    'L-005',
    'should',
    1,
    'The Offeror should describe its quality control plan, including how defects are identified, tracked and corrected.',
  ),
  req(
    'L-006',
    'must',
    1,
    'The Offeror shall describe how it will protect sensitive information and maintain compliance with FISMA and NIST SP 800-53 security controls.',
  ),
  req(
    'M-001',
    'must',
    3,
    'Key personnel proposed have demonstrated experience in building software using the technical languages outlined in section 2.2.',
  ),
  req('M-002', 'must', 2, 'Their ability to work using Scrum or another Agile framework.'),
  req(
    'M-003',
    'must',
    2,
    'At least 2 but no more than 3 projects involving the languages outlined in section 2.2 as well as the Key Personnel being put forward.',
  ),
  req('M-004', 'must', 2, 'Using a strong user-centered product development technical approach.'),
  req(
    'C-001',
    'must',
    1,
    "The Vendor must provide weekly status reports to the Contracting Officer's Representative describing progress, risks and upcoming work.",
  ),
];

export interface DraftSection {
  volume?: string;
  heading: string;
  answers: string[];
  /** What the offeror will do, in prose. */
  body: string;
  /** Concrete evidence: figures, dates, contract numbers, certifications. */
  proof: string;
}

export const SECTIONS: DraftSection[] = [
  {
    volume: 'Volume I - Technical Quote',
    heading: '1 Staffing Plan',
    answers: ['L-001'],
    body:
      'Our staffing plan identifies each proposed Key Personnel position: a Program Manager, a Technical Lead and two senior developers, with the duties of each. ' +
      'We recruit qualified staff through referrals from our own engineers and partnerships with local universities, and we retain them with training budgets, flexible schedules and a clear career path.',
    proof: 'Over the last three years our retention rate has been 94%, and the average tenure of our engineers is 6 years.',
  },
  {
    heading: '2 Transition Approach',
    answers: ['L-002'],
    body:
      'We will transition work from the incumbent contractor within 30 days of award without any disruption of service. ' +
      'During the first two weeks our developers shadow the incumbent team, then we take over the release pipeline while the incumbent is still available for questions.',
    proof: 'In March 2022 we completed a comparable transition for the Department of Labor in 21 days under contract number GS-35F-0119Y.',
  },
  {
    heading: '3 Quality Control Plan',
    answers: ['L-005'],
    body:
      'Our quality control plan describes how defects are identified through automated tests and peer review, tracked on the team board until closed, and corrected before each release. ' +
      'Every change is reviewed by a second engineer and the test suite must pass before it can be merged.',
    proof: 'On our last engagement this process reduced escaped defects by 38% within 6 months, and we are appraised at CMMI-DEV Level 3.',
  },
  {
    heading: '4 Information Security',
    answers: ['L-006'],
    body:
      'We protect sensitive information with encryption in transit and at rest, least-privilege access and continuous monitoring, and we maintain compliance with FISMA and the NIST SP 800-53 security controls. ' +
      'Security findings are reported to the Government within one business day.',
    proof: 'Our hosting platform holds a FedRAMP Moderate authorization, and our last 4 annual assessments found no high findings.',
  },
  {
    heading: '5 Key Personnel Experience',
    answers: ['M-001'],
    body:
      'Our key personnel have demonstrated experience building software with the technical languages outlined in section 2.2, including AngularJS, Python and PostgreSQL. ' +
      'Our Technical Lead has maintained AngularJS applications in production and leads our code reviews.',
    proof:
      'Our Technical Lead has 12 years of experience and our Program Manager, Dana Reyes, PMP, has managed 9 federal software contracts since 2015.',
  },
  {
    heading: '6 Agile Delivery',
    answers: ['M-002'],
    body: 'We work in two-week Scrum sprints with sprint planning, daily stand-ups, reviews with the product owner and retrospectives, and we adapt the Agile framework to the needs of the Government team.',
    proof: 'Since 2018 our teams have delivered 140 sprints for federal clients with a 96% sprint goal completion rate.',
  },
  {
    heading: '7 Relevant Projects',
    answers: ['M-003'],
    body:
      'We put forward 3 projects that involve the languages outlined in section 2.2, and each was staffed by the Key Personnel we propose for this effort. ' +
      'Each project includes a link to its public repository so reviewers can read the code.',
    proof: 'The projects served 2 federal agencies and 45,000 users between 2019 and 2023.',
  },
  {
    heading: '8 User-Centered Design',
    answers: ['M-004'],
    body: 'Our product development approach is strongly user-centered: we interview end users before building, test prototypes with them every sprint, and let their feedback decide the technical priorities of the backlog.',
    proof: 'For the 14(c) certificate application we ran 25 usability sessions with employers in 2021.',
  },
  {
    heading: '9 Status Reporting',
    answers: ['C-001'],
    body: "We will provide weekly status reports to the Contracting Officer's Representative that describe progress against the sprint goals, open risks and the upcoming work for the next week.",
    proof: 'Reports are delivered every Friday by 3 p.m., as they have been on our current 2 federal contracts.',
  },
  {
    volume: 'Volume II - Price Quote',
    heading: '10 Labor Rates',
    answers: ['L-004'],
    body:
      'All proposed labor rates are fully burdened: they include profit, fringe benefits, salary and indirect rates, and they include the GSA Contract Access Fee (CAF). ' +
      'The rates are consistent with the terms of our BPA.',
    proof: 'Rates are taken from our GSA Schedule contract GS-35F-0119Y, effective January 2024, with 0.75% CAF.',
  },
  {
    heading: '11 Organizational Conflict of Interest',
    answers: ['L-003'],
    body:
      'We submit a Potential Organizational Conflict of Interest Statement (COI) with this quote. ' +
      'We have no potential or actual organizational conflict of interest, because we hold no contract that supports the Wage and Hour Division enforcement work.',
    proof: 'Our COI statement was signed by our contracts director on 12 June 2024.',
  },
];

/** A draft from the sections, leaving out the answers to `omit` and, if asked, the evidence. */
export function buildDraft(options: { omit?: string[]; evidence?: boolean } = {}): string {
  const omit = new Set(options.omit ?? []);
  const out: string[] = [];
  for (const s of SECTIONS) {
    if (s.volume) out.push(s.volume, '');
    if (s.answers.some((id) => omit.has(id))) continue;
    out.push(s.heading, options.evidence === false ? s.body : `${s.body} ${s.proof}`, '');
  }
  return out.join('\n');
}

/** The same commitments in other words: synonyms, different order, first person. */
export const PARAPHRASED_DRAFT = `Technical Volume

Personnel
We name the person who will fill every key role, and we explain how we hire capable employees and keep them. Our recruiting relies on referrals from current engineers and university partnerships; once hired, people stay because of a paid training allowance and a real career path.

Taking Over From the Current Vendor
Within 30 days after award we will take over all ongoing work from the incumbent vendor, and users will see no interruption of service. Our developers first work beside the current team, and then we assume the release process while the outgoing team can still answer questions.

Catching and Fixing Defects
Our quality process catches defects early with automated tests and peer review, follows each one on the team board until it is closed, and fixes it before the release goes out.

Protecting Data
Sensitive information stays protected through encryption, least-privilege access and continuous monitoring, and our controls comply with FISMA and the NIST SP 800-53 baseline.

Team Skills
The key personnel we propose have built production software in the programming languages listed in section 2.2 and can show the work.

How We Work
Our teams run Scrum with two-week sprints, daily stand-ups, sprint reviews with the product owner and retrospectives; we are comfortable with any Agile framework the Government prefers.

Projects We Offer
We offer 3 past projects that used the section 2.2 languages, each delivered by the same key personnel we are putting forward now.

Design Around Users
We build the product around its users: we interview them first, try prototypes with them every sprint and let what they say set the backlog priorities.

Reporting
Every week we will send the Contracting Officer's Representative a report on progress, risks and the work coming up next.

Price
Our labor rates are fully burdened, covering profit, fringe benefits, salary and indirect costs, and they include the GSA Contract Access Fee.

Conflicts
We provide a Potential Organizational Conflict of Interest Statement with this response; we have no actual or potential conflict.
`;

/** The solicitation's words with nothing said: what a keyword-stuffing tool produces. */
export const STUFFED_DRAFT = `Technical Volume

Staffing plan key personnel staffing plan recruit retain qualified staff key personnel position staffing plan.
Transition incumbent contractor transition 30 days award transition disruption service transition.
Organizational Conflict of Interest Statement COI COI statement conflict of interest.
Labor rates fully burdened profit fringe benefits salary indirect rates GSA Contract Access Fee CAF labor rates.
Quality control plan defects identified tracked corrected quality control defects quality.
Security sensitive information FISMA NIST SP 800-53 security controls security compliance security.
Key personnel experience building software technical languages section 2.2 key personnel experience.
Scrum Agile framework Scrum Agile Scrum.
Projects languages section 2.2 key personnel projects 2 3 projects.
User-centered product development technical approach user-centered user-centered.
Weekly status reports Contracting Officer's Representative progress risks upcoming work weekly status reports.
`;

/** A well-written draft for a different job entirely. */
export const UNRELATED_DRAFT = `Custodial Services Approach

Our custodians clean restrooms, break rooms and lobbies every evening and restock paper and soap. Floors are stripped and waxed twice a year, and carpets are shampooed each quarter. Supervisors inspect every building weekly with a checklist and correct any missed area the next day.
`;
