import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { factSource, solicitationFormFacts } from './form-facts';
import { bySection, cutAtPageEnds, fragments, tableOfContentsPages } from './layout-metrics';
import { extractPdfText } from './pdf-text';
import { extractRequirements } from './requirements';

// The agency-published PDFs (unlabelled) live beside the repository in ../shared (CI has them too).
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(process.env.RFP_DATA_DIR ?? path.resolve(here, '../../../../shared/data/rfp'), 'real-pdfs');

async function read(file: string) {
  const { pages, fields } = await extractPdfText(new Uint8Array(readFileSync(path.join(dir, file))));
  return { pages, fields, reqs: extractRequirements(pages) };
}

// Every request for quotation among them, drafts and amendments included (not the RFI, the form or the award).
const RFQS = [
  'coe-RFQ.pdf',
  'coe-Amd01_RFQ.pdf',
  'coe-Amd02_Challenge.pdf',
  'coe-Draft-RFQ.pdf',
  'tdrs-DRAFT_TDRS_RFQ.pdf',
  'tdrs-DRAFT_RFQ_TDRS.pdf',
];
const OTHERS = ['coe-RFI.pdf', 'dol14c-SF1449.pdf', 'tdrs-Fully_Executed_Base_Award.pdf'];

describe('agency-published PDFs read as a person reads them', () => {
  for (const file of [...RFQS, ...OTHERS]) {
    it(`${file}: nothing from a table of contents, no sentence cut at a page end, fragments <= 2%`, { timeout: 120_000 }, async () => {
      const { pages, reqs } = await read(file);
      const toc = tableOfContentsPages(pages);
      expect(reqs.filter((r) => r.page !== null && toc.has(r.page))).toEqual([]);
      expect(cutAtPageEnds(reqs)).toBe(0);
      expect(fragments(reqs).length).toBeLessThanOrEqual(Math.floor(reqs.length * 0.02));
      if (RFQS.includes(file)) {
        const s = bySection(reqs);
        expect(s.L, 'requirements filed under L').toBeGreaterThan(0);
        expect(s.M, 'requirements filed under M').toBeGreaterThan(0);
      }
    });
  }

  it('dol14c-SF1449.pdf: the filled form gives the solicitation number and the offer due date and time', { timeout: 120_000 }, async () => {
    const { pages, fields } = await read('dol14c-SF1449.pdf');
    const facts = solicitationFormFacts(fields, pages);
    expect(facts.form).toBe('SF-1449');
    expect(facts.solicitationNumber?.value).toBe('RFQ1204822');
    // Block 8 of the form as filled (block 6, the issue date, holds 2016-10-18).
    expect(facts.offerDue?.value).toEqual({ date: '2017-07-10', time: '1:00 PM', zone: 'EST' });
    expect(facts.offerDue?.caption).toMatch(/^8\. OFFER DUE DATE/);
    expect(factSource(facts.offerDue!, facts.form)).toBe('SF-1449 block 8, p. 1');
    expect(factSource(facts.solicitationNumber!, facts.form)).toBe('SF-1449 block 5, p. 1');
    expect(facts.issueDate?.value).toBe('2016-10-18');
    expect(facts.naics?.value).toBe('541519');
    expect(facts.issuingOffice?.value).toMatch(/^General Services Administration, NCR FAS Assisted Acquisition Services/);
    // The values stand in the page text beside their captions.
    expect(pages[0].text).toMatch(/RFQ1204822/);
  });
});
