import { describe, expect, it } from 'vitest';
import { generateDocument } from './index';
import { GSA_FACTS, gsaRequirements, NOW, UCF_FACTS, ucfRequirements } from './test-fixtures';
import type { OpportunityFacts } from './types';

const brief = (o: OpportunityFacts, reqs = ucfRequirements(), now = NOW) =>
  generateDocument({ type: 'brief', opportunity: o, requirements: reqs, now });

describe('executive brief', () => {
  it('builds the snapshot from the notice metadata', () => {
    const md = brief(UCF_FACTS);
    expect(md).toContain('| Agency | Department of the Navy / NAVFAC |');
    expect(md).toContain('| Solicitation No. | N40085-27-R-0012 |');
    expect(md).toContain('| Set-Aside | SBA: Total Small Business Set-Aside (FAR 19.5) |');
    expect(md).toContain('| Posted | Dec 15, 2026 |');
    expect(md).toContain('| Response Due | Jan 20, 2027, 2:00 PM UTC-05:00 (Eastern Standard Time) |');
    // SPEC §4 (the badge): 15.3 days to 2 PM EST on Jan 20, rounded up.
    expect(md).toContain('| Days Remaining | 16 days |');
  });

  it('summarises the scope from the first meaningful description sentences', () => {
    const md = brief(UCF_FACTS);
    expect(md).toContain('The Navy requires custodial services for Building 12 at Naval Station Norfolk, including restroom cleaning');
    expect(md).not.toContain('See attached');
    expect(md).not.toContain('combined synopsis');
  });

  it('works with no requirements and no description', () => {
    const o: OpportunityFacts = {
      title: 'Bare notice',
      solicitation_number: null,
      agency: null,
      office: null,
      naics: null,
      psc: null,
      set_aside: null,
      posted_date: null,
      response_date: null,
      description: null,
    };
    const md = brief(o, []);
    expect(md).toContain('# Executive Brief: Bare notice');
    expect(md).toContain('| Agency | N/A |');
    expect(md).toContain('| Response Due | N/A |');
    expect(md).toContain('No solicitation PDF uploaded');
    expect(md).toContain('No response date');
    expect(md).toContain('## Bid/No-Bid Checklist');
    expect(md).not.toMatch(/undefined|\bnull\b|NaN/);
  });

  it('lists key requirements, evaluation factors and logistics from the requirements', () => {
    const md = brief(UCF_FACTS);
    const key = md.slice(md.indexOf('## Key Requirements'), md.indexOf('## Evaluation Approach'));
    expect(key).toContain('**[C-1.1]** (p. 1)');
    expect(key).toContain('**[M-1-161072]** (p. 3) Factor 1 is significantly more important than Factor 2.');
    const evaluation = md.slice(md.indexOf('## Evaluation Approach'), md.indexOf('## Submission Logistics'));
    expect(evaluation).toContain('Factor 1: Technical Approach [M-1-0140b6]');
    expect(evaluation).toContain('Factor 3: Price [M-1-ee99a8]');
    expect(evaluation).toContain('[M-1-161072]');
    const logistics = md.slice(md.indexOf('## Submission Logistics'), md.indexOf('## Risks'));
    expect(logistics).toContain('PIEE [L-1]');
    expect(logistics).toMatch(/\*\*Page limits:\*\* Volume I, Technical, is limited to 25 pages\. \[L-2\(1\)\]/);
    expect(logistics).toContain('[L-2(4)]');
  });

  it('flags short time to due, passed dates and sole-source set-asides', () => {
    // SPEC §4: 4.3 days to 2 PM EST (19:00 UTC) on Jan 20, rounded up as the badge does: 5.
    expect(brief(UCF_FACTS, ucfRequirements(), new Date('2027-01-16T12:00:00Z'))).toContain('**Short time to respond:** 5 days left');
    expect(brief(UCF_FACTS, ucfRequirements(), new Date('2027-01-25T12:00:00Z'))).toContain('**Response date has passed**');
    expect(brief({ ...UCF_FACTS, set_aside: '8AN', set_aside_description: null })).toContain('8AN: 8(a) Sole Source (FAR 19.8)');
    expect(brief({ ...UCF_FACTS, set_aside: '8AN', set_aside_description: null })).toContain('**Sole-source set-aside:**');
  });

  it('takes the due date from the solicitation form, cites it, and flags a notice that disagrees', () => {
    const formDue = {
      text: 'Jan 27, 2027, 2:00 PM EST',
      source: 'SF-1449 block 8, p. 1',
      at: '2027-01-27T19:00:00.000Z',
      noticeDiffers: null,
    };
    const agree = generateDocument({ type: 'brief', opportunity: UCF_FACTS, requirements: ucfRequirements(), now: NOW, formDue });
    expect(agree).toContain('| Response Due | Jan 27, 2027, 2:00 PM EST (SF-1449 block 8, p. 1) |');
    // Days count to the form's moment, not the notice's (Jan 20): 22.3 days, rounded up.
    expect(agree).toContain('| Days Remaining | 23 days |');
    expect(agree).toContain('- **Due:** Jan 27, 2027, 2:00 PM EST (SF-1449 block 8, p. 1)');
    expect(agree).not.toContain('SAM.gov notice');

    const moved = generateDocument({
      type: 'brief',
      opportunity: UCF_FACTS,
      requirements: ucfRequirements(),
      now: NOW,
      formDue: { ...formDue, noticeDiffers: 'Jan 20, 2027, 2:00 PM UTC-05:00' },
    });
    expect(moved).toContain('| Response Due (SAM.gov notice) | Jan 20, 2027, 2:00 PM UTC-05:00: differs from the solicitation form |');
    expect(moved).toContain(
      '**Due dates disagree:** the solicitation form (SF-1449 block 8, p. 1) gives Jan 27, 2027, 2:00 PM EST, the SAM.gov notice Jan 20, 2027, 2:00 PM UTC-05:00. An amendment may have moved the date: confirm with the contracting officer.',
    );
  });

  it('reads questions deadlines and where to submit from an RFQ', () => {
    const md = brief(GSA_FACTS, gsaRequirements());
    expect(md).toContain('**Questions due:** Jun 28, 2017 [L-001]');
    expect(md).toMatch(/Google Form \[L-013\]/);
    expect(md).toContain('technical factors will significantly outweigh price');
  });
});

describe('brief deadline (issue 24)', () => {
  it('states the time as the notice does, with its offset and zone name, and counts days like the badge', async () => {
    const { getUrgency } = await import('@biddesk/shared');
    // A notice in Eastern Daylight Time, read on a server in another zone: the text never converts it.
    const due = '2017-07-10T14:00:00-04:00';
    for (const now of [new Date('2017-06-06T03:30:00Z'), new Date('2017-06-06T20:00:00Z'), new Date('2017-07-10T17:59:00Z')]) {
      const md = brief({ ...GSA_FACTS, response_date: due }, gsaRequirements(), now);
      expect(md).toContain('Jul 10, 2017, 2:00 PM UTC-04:00 (Eastern Daylight Time)');
      const days = getUrgency(due, now).days!;
      expect(md).toContain(`| Days Remaining | ${days === 0 ? 'Due today' : `${days} day${days === 1 ? '' : 's'}`} |`);
    }
    expect(brief({ ...GSA_FACTS, response_date: '2017-07-10T14:00:00-07:00' }, [], new Date('2017-06-06T00:00:00Z'))).toContain(
      '2:00 PM UTC-07:00 (Pacific Daylight Time)',
    );
    expect(brief({ ...GSA_FACTS, response_date: '2017-07-10T14:00:00Z' }, [], new Date('2017-06-06T00:00:00Z'))).toContain(
      'Jul 10, 2017, 2:00 PM UTC',
    );
  });
});
