import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { layoutPage, type TextItem } from './pdf-lines';
import { extractPdfText } from './pdf-text';
import { extractRequirements } from './requirements';

// Items as pdf.js reports them: one run of text at x/y, 10 pt, ~5 pt a character.
const item = (str: string, x: number, y: number): TextItem => ({ str, x, y, width: str.length * 5, size: 10 });

describe('layoutPage', () => {
  it('joins wrapped lines, keeps short lines apart and marks paragraph gaps', () => {
    const items = [
      item('The Contractor shall provide snow removal for all parking areas and walkways at the', 72, 700),
      item('site within four hours of a snowfall.', 72, 688),
      item('Short list line', 72, 676),
      item('Another paragraph after a gap.', 72, 650),
    ];
    expect(layoutPage(items).split('\n')).toEqual([
      'The Contractor shall provide snow removal for all parking areas and walkways at the site within four hours of a snowfall.',
      'Short list line',
      '',
      'Another paragraph after a gap.',
    ]);
  });

  it('turns column gaps into cells and carries a wrapped cell onto its row', () => {
    const items = [
      item('Deliverable', 72, 700),
      item('Due', 250, 700),
      item('Description', 350, 700),
      item('Monthly report', 72, 688),
      item('5th workday', 250, 688),
      item('Hours worked and open', 350, 688),
      item('tickets', 350, 676),
      item('Transition plan', 72, 664),
      item('30 days', 250, 664),
      item('Knowledge transfer', 350, 664),
    ];
    expect(layoutPage(items).split('\n')).toEqual([
      'Deliverable | Due | Description',
      'Monthly report | 5th workday | Hours worked and open tickets',
      'Transition plan | 30 days | Knowledge transfer',
    ]);
  });

  it('starts a new row once a separator-typeset row has all its cells, even after a full line', () => {
    const items = [
      item('Item | Due | Notes', 72, 700),
      item('Status report | Monthly | Covers progress, risks and issues for every task order in the', 72, 688),
      item('period', 72, 676),
      item('Final report | At close-out | Summarises lessons learned for the program office and team', 72, 664),
      item('Invoice | Monthly | With timesheets', 72, 652),
    ];
    expect(layoutPage(items).split('\n')).toEqual([
      'Item | Due | Notes',
      'Status report | Monthly | Covers progress, risks and issues for every task order in the period',
      'Final report | At close-out | Summarises lessons learned for the program office and team',
      'Invoice | Monthly | With timesheets',
    ]);
  });
});

describe('extractPdfText with layout', () => {
  it('reads a typeset deliverables table as rows the engine extracts', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const put = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 10, font });
    put('SECTION C - PERFORMANCE WORK STATEMENT', 72, 720);
    put('C.5 DELIVERABLES', 72, 696);
    put('Deliverable', 72, 676);
    put('Due', 260, 676);
    put('Content', 360, 676);
    put('Quality control plan', 72, 664);
    put('15 days after award', 260, 664);
    put('Inspection schedule and', 360, 664);
    put('corrective actions', 360, 652);
    put('Monthly status report', 72, 640);
    put('5th workday', 260, 640);
    put('Progress and risks', 360, 640);
    const { pages } = await extractPdfText(await doc.save());
    const reqs = extractRequirements(pages).map((r) => r.text);
    expect(reqs).toEqual([
      'Quality control plan | 15 days after award | Inspection schedule and corrective actions',
      'Monthly status report | 5th workday | Progress and risks',
    ]);
  });
});
