import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { factSource, solicitationFormFacts } from './form-facts';
import { extractPdfText } from './pdf-text';
import { extractRequirements } from './requirements';

/**
 * One small PDF per layout class of issue 22, typeset here with pdf-lib the way Word and Google
 * Docs exports set them: headings only bold or larger, tables whose cells wrap, furniture on every
 * page, a sentence over a page break, a filled form, a table of contents.
 */

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

type Draw = (page: PDFPage, fonts: Fonts) => void;

async function pdf(pages: Draw[], extra?: (doc: PDFDocument, fonts: Fonts, pages: PDFPage[]) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const made = pages.map((draw) => {
    const page = doc.addPage([612, 792]);
    draw(page, fonts);
    return page;
  });
  extra?.(doc, fonts, made);
  return doc.save();
}

/** Body lines at 11 pt from `y` down, 14 pt apart; returns the y below the last one. */
function body(page: PDFPage, font: PDFFont, lines: string[], y: number, x = 72): number {
  lines.forEach((line, i) => page.drawText(line, { x, y: y - i * 14, size: 11, font }));
  return y - lines.length * 14;
}

const FILLER = [
  'The agency administers a grant program for rural clinics and publishes this request for quotes to',
  'modernise the reporting website that clinics use each quarter to file their figures and documents.',
];

describe('typographic headings', () => {
  // Neither title is numbered, set in capitals or worded like a UCF part: only its type marks it.
  const headingPage =
    (bold: boolean): Draw =>
    (page, { regular, bold: boldFont }) => {
      let y = 720;
      y = body(page, regular, FILLER, y);
      page.drawText('Quote Preparation', { x: 72, y: y - 14, size: bold ? 15 : 11, font: bold ? boldFont : regular });
      y = body(page, regular, ['Quoters shall submit a technical approach of no more than ten pages.'], y - 32);
      page.drawText('How Quotes Are Evaluated', { x: 72, y: y - 14, size: 11, font: bold ? boldFont : regular });
      body(page, regular, ['The technical approach will be evaluated for its understanding of the clinics.'], y - 32);
    };

  it('files requirements under the part a bold or larger heading names', async () => {
    const reqs = extractRequirements((await extractPdfText(await pdf([headingPage(true)]))).pages);
    expect(reqs.map((r) => [r.section, r.text])).toEqual([
      ['L', 'Quoters shall submit a technical approach of no more than ten pages.'],
      ['M', 'The technical approach will be evaluated for its understanding of the clinics.'],
    ]);
  });

  it('does not make the same lines headings when they are set like the body', async () => {
    const reqs = extractRequirements((await extractPdfText(await pdf([headingPage(false)]))).pages);
    expect(reqs.every((r) => r.section === 'other')).toBe(true);
  });

  it('reads a bold run-in title as a heading and the rest of the line as its paragraph', async () => {
    const bytes = await pdf([
      (page, { regular, bold }) => {
        page.drawText('Submission Format.', { x: 72, y: 720, size: 11, font: bold });
        page.drawText('Quotes must not exceed ten pages, in 12-point type.', {
          x: 72 + bold.widthOfTextAtSize('Submission Format. ', 11),
          y: 720,
          size: 11,
          font: regular,
        });
      },
    ]);
    const { pages } = await extractPdfText(bytes);
    expect(pages[0].text.split('\n')).toEqual(['Submission Format.', 'Quotes must not exceed ten pages, in 12-point type.']);
    expect(pages[0].headings).toEqual([{ start: 0, level: expect.any(Number) }]);
    const reqs = extractRequirements(pages);
    expect(reqs.map((r) => [r.section, r.text])).toEqual([['L', 'Quotes must not exceed ten pages, in 12-point type.']]);
  });
});

describe('page furniture and page breaks', () => {
  const furniture =
    (n: number, of: number) =>
    (page: PDFPage, { regular }: Fonts) => {
      page.drawText('RFQ 47QFCA-26-Q-0001 - Clinic Reporting Website', { x: 72, y: 760, size: 9, font: regular });
      page.drawText(`Page ${n} of ${of}`, { x: 280, y: 40, size: 9, font: regular });
    };

  it('keeps a sentence whole across a page break with a footer and header between', async () => {
    const bytes = await pdf([
      (page, fonts) => {
        furniture(1, 3)(page, fonts);
        const y = body(page, fonts.regular, FILLER, 720);
        body(page, fonts.regular, ['If a conflict of interest arises during performance, the Contractor must promptly'], y - 14);
      },
      (page, fonts) => {
        furniture(2, 3)(page, fonts);
        body(
          page,
          fonts.regular,
          ['disclose it to the Contracting Officer in writing within five business days.', '', 'Clinics file their figures each quarter.'],
          720,
        );
      },
      (page, fonts) => {
        furniture(3, 3)(page, fonts);
        body(page, fonts.regular, ['The website was built in 2014 and has not been modernised since.'], 720);
      },
    ]);
    const { pages } = await extractPdfText(bytes);
    for (const p of pages) {
      expect(p.text).not.toMatch(/Page \d of \d/);
      expect(p.text).not.toContain('RFQ 47QFCA');
    }
    const reqs = extractRequirements(pages);
    expect(reqs.map((r) => [r.page, r.text])).toEqual([
      [
        1,
        'If a conflict of interest arises during performance, the Contractor must promptly disclose it to the Contracting Officer in writing within five business days.',
      ],
    ]);
  });

  it('keeps the text of pages that repeat whole (a copy is not furniture)', async () => {
    const same: Draw = (page, { regular }) =>
      void body(
        page,
        regular,
        ['SECTION C - STATEMENT OF WORK', 'C.1 The Contractor shall clean Building 1.', 'C.2 The Contractor shall clean Building 2.'],
        720,
      );
    const { pages } = await extractPdfText(await pdf([same, same, same, same]));
    for (const p of pages) expect(p.text).toContain('C.2 The Contractor shall clean Building 2.');
  });

  it('does not join a page ending in a finished sentence to the next page', async () => {
    const bytes = await pdf([
      (page, { regular }) => void body(page, regular, ['The Contractor shall deliver the monthly report by the fifth business day.'], 720),
      (page, { regular }) =>
        void body(page, regular, ['the words on this page start in lower case but begin a sentence of their own.'], 720),
    ]);
    const { pages } = await extractPdfText(bytes);
    expect(pages[0].text).toBe('The Contractor shall deliver the monthly report by the fifth business day.');
    expect(pages[1].text).toContain('the words on this page');
  });
});

describe('tables from geometry', () => {
  // A deliverables table as Google Docs sets it: padded rows, cells wrapping over several lines,
  // the first column wrapping too, the standard and quality columns wrapping a word per line.
  const table =
    (ruled: boolean): Draw =>
    (page, { regular, bold }) => {
      const cols = [72, 170, 330, 450];
      const cell = (text: string, col: number, y: number, font = regular) => page.drawText(text, { x: cols[col] + 4, y, size: 11, font });
      ['Deliverable', 'Performance Standard', 'Quality Level', 'Due'].forEach((h, i) => cell(h, i, 700, bold));
      // Row 1: the first column wraps ("Tested" / "Code"), the standard wraps over four lines.
      cell('Tested', 0, 672);
      cell('Code delivered under', 1, 672);
      cell('Minimum of 90%', 2, 672);
      cell('Every', 3, 672);
      cell('Code', 0, 658);
      cell('the order must have', 1, 658);
      cell('test coverage of', 2, 658);
      cell('sprint', 3, 658);
      cell('substantial test', 1, 644);
      cell('all code.', 2, 644);
      cell('coverage.', 1, 630);
      // Row 2, after the row padding.
      cell('Accessible', 0, 600);
      cell('WCAG 2.1 AA', 1, 600);
      cell('0 errors in', 2, 600);
      cell('Every', 3, 600);
      cell('standards are met.', 1, 586);
      cell('manual testing', 2, 586);
      cell('sprint', 3, 586);
      if (ruled) {
        for (const y of [714, 690, 618, 574]) page.drawLine({ start: { x: 72, y }, end: { x: 540, y }, thickness: 0.5 });
        for (const x of [...cols, 540]) page.drawLine({ start: { x, y: 714 }, end: { x, y: 574 }, thickness: 0.5 });
      }
    };

  for (const ruled of [false, true]) {
    it(`keeps every row whole with its wrapped cells (${ruled ? 'with' : 'without'} ruling lines)`, async () => {
      const { pages } = await extractPdfText(await pdf([table(ruled)]));
      expect(pages[0].text.split('\n')).toEqual([
        'Deliverable | Performance Standard | Quality Level | Due',
        'Tested Code | Code delivered under the order must have substantial test coverage. | Minimum of 90% test coverage of all code. | Every sprint',
        'Accessible | WCAG 2.1 AA standards are met. | 0 errors in manual testing | Every sprint',
      ]);
    });
  }
});

describe('a ruled table set tight', () => {
  // Rows as tight as the lines inside them, the first column wrapping: only the rules tell the rows apart.
  it('takes each row from one rule to the next', async () => {
    const rows = [
      [['Deliverable'], ['Standard'], ['Due']],
      [['Tested', 'Code'], ['90% test coverage', 'of all code'], ['Every sprint']],
      [
        ['Accessible', 'Pages'],
        ['WCAG 2.1 AA', 'with 0 errors'],
        ['Every', 'release'],
      ],
      [['Security'], ['ATO maintained'], ['Annually']],
    ];
    const bytes = await pdf([
      (page, { regular }) => {
        const cols = [72, 200, 400];
        page.drawText('The Contractor shall meet these standards:', { x: 72, y: 730, size: 10, font: regular });
        let y = 700;
        for (const row of rows) {
          page.drawLine({ start: { x: 72, y: y + 10 }, end: { x: 540, y: y + 10 }, thickness: 0.5 });
          row.forEach((lines, c) => lines.forEach((t, k) => page.drawText(t, { x: cols[c] + 4, y: y - k * 12, size: 10, font: regular })));
          y -= Math.max(...row.map((c) => c.length)) * 12;
        }
        page.drawLine({ start: { x: 72, y: y + 10 }, end: { x: 540, y: y + 10 }, thickness: 0.5 });
      },
    ]);
    const { pages } = await extractPdfText(bytes);
    expect(pages[0].text.split('\n').slice(2)).toEqual([
      'Deliverable | Standard | Due',
      'Tested Code | 90% test coverage of all code | Every sprint',
      'Accessible Pages | WCAG 2.1 AA with 0 errors | Every release',
      'Security | ATO maintained | Annually',
    ]);
  });
});

describe('a table row over a page break', () => {
  // The last row of page 1 wraps its cells onto the head of page 2; a page number sits between.
  const cols = [72, 170, 330, 450];
  const cell = (page: PDFPage, font: PDFFont, text: string, col: number, y: number) =>
    page.drawText(text, { x: cols[col] + 4, y, size: 11, font });
  const pageNumber = (page: PDFPage, font: PDFFont, n: number) => page.drawText(`Page ${n} of 2`, { x: 280, y: 40, size: 9, font });

  it('keeps the row whole, its cells continued where the next page goes on', async () => {
    const bytes = await pdf([
      (page, { regular, bold }) => {
        pageNumber(page, regular, 1);
        body(page, regular, FILLER, 720);
        // A table set at the foot of the page, its last row starting two lines above the margin ...
        ['Deliverable', 'Performance Standard', 'Quality Level', 'Due'].forEach((h, i) => cell(page, bold, h, i, 170));
        cell(page, regular, 'Accessible', 0, 142);
        cell(page, regular, 'WCAG 2.1 AA', 1, 142);
        cell(page, regular, '0 errors in', 2, 142);
        cell(page, regular, 'Every', 3, 142);
        cell(page, regular, 'standards are met.', 1, 128);
        cell(page, regular, 'manual testing', 2, 128);
        cell(page, regular, 'sprint', 3, 128);
        cell(page, regular, 'Tested', 0, 100);
        cell(page, regular, 'Code delivered under', 1, 100);
        cell(page, regular, 'Minimum of 90%', 2, 100);
        cell(page, regular, 'Every', 3, 100);
        cell(page, regular, 'Code', 0, 86);
        cell(page, regular, 'the order must have', 1, 86);
        cell(page, regular, 'test coverage of', 2, 86);
        cell(page, regular, 'sprint', 3, 86);
      },
      (page, { regular }) => {
        pageNumber(page, regular, 2);
        // ... and its cells go on at the head of the next, under their columns, the first one empty.
        cell(page, regular, 'substantial test', 1, 720);
        cell(page, regular, 'all code.', 2, 720);
        cell(page, regular, 'coverage.', 1, 706);
        body(page, regular, ['The Contractor shall report on each deliverable at the sprint review.'], 670);
      },
    ]);
    const { pages } = await extractPdfText(bytes);
    expect(pages[0].text).toContain(
      'Tested Code | Code delivered under the order must have substantial test coverage. | Minimum of 90% test coverage of all code. | Every sprint',
    );
    expect(pages[1].text).toBe('The Contractor shall report on each deliverable at the sprint review.');
  });
});

describe('filled form fields', () => {
  it('reads an SF-1449 style form: values beside their captions, standard facts returned', async () => {
    const bytes = await pdf(
      [
        (page, { regular }) => {
          page.drawText('SOLICITATION/CONTRACT/ORDER FOR COMMERCIAL ITEMS', { x: 36, y: 750, size: 10, font: regular });
          page.drawText('5. SOLICITATION NUMBER', { x: 300, y: 724, size: 7, font: regular });
          page.drawText('8. OFFER DUE DATE/LOCAL TIME', { x: 450, y: 724, size: 7, font: regular });
          page.drawText('9. ISSUED BY', { x: 36, y: 680, size: 7, font: regular });
          page.drawText('10. THIS ACQUISITION IS', { x: 300, y: 680, size: 7, font: regular });
          page.drawText('NAICS:', { x: 450, y: 680, size: 7, font: regular });
          page.drawText('STANDARD FORM 1449 (REV. 2/2012)', { x: 400, y: 40, size: 7, font: regular });
        },
      ],
      (doc, _fonts, [page]) => {
        const form = doc.getForm();
        const field = (name: string, tooltip: string, value: string, x: number, y: number, width: number, height = 12) => {
          const f = form.createTextField(name);
          if (value.includes('\n')) f.enableMultiline();
          f.setText(value);
          f.addToPage(page, { x, y, width, height, borderWidth: 0 });
          f.acroField.dict.set(PDFName.of('TU'), PDFString.of(tooltip));
        };
        field('solicitationnumber', '5. SOLICITATION NUMBER', 'RFQ1204822', 300, 706, 120);
        field('duedate', '8. OFFER DUE DATE', '07/10/2017', 450, 706, 70);
        field('duetime', '8. OFFER LOCAL TIME', '1:00PM EST', 522, 706, 70);
        field('issuedby', '9. ISSUED BY', 'General Services Administration\nWashington, DC 20405', 36, 640, 220, 30);
        field('naics', '10. THIS ACQUISITION IS NAICS:', '541519', 480, 664, 60);
      },
    );
    const { pages, fields } = await extractPdfText(bytes);
    expect(pages[0].text).toContain('RFQ1204822');
    expect(pages[0].text).toContain('07/10/2017');
    const facts = solicitationFormFacts(fields, pages);
    expect(facts.solicitationNumber).toEqual({ value: 'RFQ1204822', page: 1, caption: '5. SOLICITATION NUMBER' });
    expect(facts.offerDue?.value).toEqual({ date: '2017-07-10', time: '1:00 PM', zone: 'EST' });
    // The printed form number names the form; each fact is cited by its block, as a person would.
    expect(facts.form).toBe('SF-1449');
    expect(factSource(facts.offerDue!, facts.form)).toBe('SF-1449 block 8, p. 1');
    // Without a form number the caption itself is the citation.
    expect(solicitationFormFacts(fields).form).toBeUndefined();
    expect(factSource({ caption: 'Quotes due', page: 2 })).toBe('form field "Quotes due", p. 2');
    expect(facts.issuingOffice?.value).toBe('General Services Administration, Washington, DC 20405');
    expect(facts.naics?.value).toBe('541519');
    // Captions and values are no requirements.
    expect(extractRequirements(pages)).toEqual([]);
  });
});

describe('tables of contents', () => {
  it('takes no requirement from a contents page whose titles come back as headings', async () => {
    const titles = ['1.0 Background', '2.0 Submissions', '3.0 Evaluation of Quotes'];
    const bytes = await pdf([
      (page, { regular, bold }) => {
        page.drawText('Contents', { x: 72, y: 720, size: 14, font: bold });
        titles.forEach((t, i) => {
          page.drawText(t, { x: 72, y: 690 - i * 16, size: 11, font: regular });
          page.drawText(String(i + 2), { x: 520, y: 690 - i * 16, size: 11, font: regular });
        });
        page.drawText('Quote due dates and submissions', { x: 72, y: 690 - 3 * 16, size: 11, font: regular });
        page.drawText('4', { x: 520, y: 690 - 3 * 16, size: 11, font: regular });
      },
      ...titles.map((t, i): Draw => (page, { regular, bold }) => {
        page.drawText(t, { x: 72, y: 720, size: 14, font: bold });
        body(page, regular, [i === 1 ? 'Quotes shall be submitted by email to the Contracting Officer.' : FILLER[0]], 690);
      }),
    ]);
    const { pages } = await extractPdfText(bytes);
    const reqs = extractRequirements(pages);
    expect(reqs.filter((r) => r.page === 1)).toEqual([]);
    expect(reqs.map((r) => [r.page, r.section, r.text])).toEqual([
      [3, 'L', 'Quotes shall be submitted by email to the Contracting Officer.'],
    ]);
  });
});

describe('two-column pages', () => {
  // A newsletter-style notice: a full-width title, then two columns of 10 pt prose 36 pt apart,
  // the left column's last sentence running on at the head of the right column.
  const LEFT = [
    'The agency will modernise the quarterly',
    'reporting website used by rural clinics.',
    'Quoters shall submit a technical approach',
    'of no more than ten pages describing how',
    'the team will move the existing forms to',
    'the new service without losing any data.',
    'Quoters shall name a project lead who has',
    'managed a public website of similar size',
    'and who will attend every sprint review',
  ];
  const RIGHT = [
    'in person or by video during the order.',
    'The Government will evaluate quotes on',
    'the technical approach, the experience',
    'of the proposed team and the price, in',
    'that order of importance. Quoters should',
    'keep the price narrative to two pages so',
    'that the evaluators can compare offers.',
  ];
  const twoColumns: Draw = (page, { regular, bold }) => {
    page.drawText('Request for Quotes: Clinic Reporting Website', { x: 72, y: 730, size: 14, font: bold });
    LEFT.forEach((line, i) => page.drawText(line, { x: 72, y: 690 - i * 13, size: 10, font: regular }));
    RIGHT.forEach((line, i) => page.drawText(line, { x: 324, y: 690 - i * 13, size: 10, font: regular }));
  };

  it('reads the left column down, then the right one, a sentence running on between them whole', async () => {
    const { pages } = await extractPdfText(await pdf([twoColumns]));
    const text = pages[0].text;
    expect(text).not.toContain(' | ');
    expect(text).toContain(
      'Quoters shall name a project lead who has managed a public website of similar size and who will attend every sprint review in person or by video during the order.',
    );
    expect(text).toContain(
      'Quoters shall submit a technical approach of no more than ten pages describing how the team will move the existing forms to the new service without losing any data.',
    );
    expect(text.indexOf('Request for Quotes')).toBeLessThan(text.indexOf('The agency will modernise'));
    expect(text.indexOf('without losing any data')).toBeLessThan(text.indexOf('The Government will evaluate quotes'));
    const reqs = extractRequirements(pages).map((r) => r.text);
    expect(reqs).toContain('Quoters should keep the price narrative to two pages so that the evaluators can compare offers.');
  });

  it('keeps a two-column table of short cells a table, row by row', async () => {
    const rows = [
      ['Deliverable', 'Due'],
      ['Project plan', 'Within 10 days of award'],
      ['Sprint demo', 'Every two weeks'],
      ['Accessibility report', 'Every sprint'],
      ['Security plan', 'Within 30 days of award'],
      ['Data migration', 'Before launch'],
      ['Training', 'Before launch'],
      ['Final report', 'End of the order'],
    ];
    const bytes = await pdf([
      (page, { regular }) => {
        page.drawText('The Contractor shall deliver the following:', { x: 72, y: 730, size: 10, font: regular });
        rows.forEach(([a, b], i) => {
          page.drawText(a, { x: 72, y: 700 - i * 14, size: 10, font: regular });
          page.drawText(b, { x: 324, y: 700 - i * 14, size: 10, font: regular });
        });
      },
    ]);
    const { pages } = await extractPdfText(bytes);
    expect(pages[0].text).toContain('Project plan | Within 10 days of award');
    expect(pages[0].text).toContain('Final report | End of the order');
  });
});
