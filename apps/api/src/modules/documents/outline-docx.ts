import type { Requirement } from '@biddesk/analysis';
import { responseOutline } from '@biddesk/analysis/generators/outline';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';

/**
 * The Response Template's annotated outline as a Word document writers can work in: real heading
 * styles (Title, Heading 1 per volume, Heading 2 per section) so Word's navigation pane and table
 * of contents pick them up, each section with the requirements it answers (ids and pages), the
 * Section M factors it earns and its page budget, and per volume a table with Owner and Due to fill in.
 */
export async function outlineDocx(title: string, solicitationNumber: string | null, requirements: Requirement[]): Promise<Buffer> {
  const outline = responseOutline(requirements);
  const cite = (r: Requirement) => `${r.requirement_id}${r.page ? ` (p. ${r.page})` : ''}`;
  const clip = (t: string, n = 220) => (t.length <= n ? t : `${t.slice(0, t.lastIndexOf(' ', n - 1))}…`);
  const cell = (text: string, bold = false) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
  const children: Array<Paragraph | Table> = [
    new Paragraph({ text: `Response Outline: ${title}`, heading: HeadingLevel.TITLE }),
    ...(solicitationNumber ? [new Paragraph({ text: `Solicitation ${solicitationNumber}` })] : []),
    new Paragraph({
      text: outline.fallback
        ? 'Section L names no proposal volumes, so the standard layout (Technical, Past Performance, Price) is used.'
        : 'Volumes and sections follow Section L in order. Keep the headings and numbering so evaluators can trace each instruction.',
    }),
  ];
  if (outline.generalRules.length) {
    children.push(new Paragraph({ text: 'Rules for the whole response', heading: HeadingLevel.HEADING_1 }));
    for (const r of outline.generalRules) children.push(new Paragraph({ text: `${cite(r)}: ${clip(r.text)}`, bullet: { level: 0 } }));
  }
  for (const v of outline.volumes) {
    children.push(new Paragraph({ text: v.title, heading: HeadingLevel.HEADING_1 }));
    if (v.pageLimit) children.push(new Paragraph({ text: `Page limit: ${v.pageLimit.pages} pages (${v.pageLimit.requirement_id}).` }));
    for (const r of v.rules) children.push(new Paragraph({ text: `${cite(r)}: ${clip(r.text)}`, bullet: { level: 0 } }));
    if (v.sections.length) {
      children.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [
            new TableRow({
              tableHeader: true,
              children: ['Section', 'Answers', 'Evaluated under', 'Page budget', 'Owner', 'Due'].map((h) => cell(h, true)),
            }),
            ...v.sections.map(
              (s) =>
                new TableRow({
                  children: [
                    cell(`${s.number} ${s.title}`),
                    cell([...s.answers, ...s.work].map(cite).join(', ') || '—'),
                    cell(s.factors.map(cite).join(', ') || '—'),
                    cell(s.pageBudget ?? '—'),
                    cell(''),
                    cell(''),
                  ],
                }),
            ),
          ],
        }),
      );
    }
    for (const s of v.sections) {
      children.push(new Paragraph({ text: `${s.number} ${s.title}`, heading: HeadingLevel.HEADING_2 }));
      if (s.pageBudget) children.push(new Paragraph({ text: `Page budget: ${s.pageBudget}` }));
      if (s.answers.length) {
        children.push(new Paragraph({ children: [new TextRun({ text: 'Must answer', bold: true })] }));
        for (const r of s.answers) children.push(new Paragraph({ text: `${cite(r)}: ${clip(r.text)}`, bullet: { level: 0 } }));
      }
      if (s.work.length) {
        children.push(new Paragraph({ children: [new TextRun({ text: 'Work to describe', bold: true })] }));
        for (const r of s.work) children.push(new Paragraph({ text: `${cite(r)}: ${clip(r.text)}`, bullet: { level: 0 } }));
      }
      if (s.factors.length) {
        children.push(new Paragraph({ children: [new TextRun({ text: 'Evaluated under', bold: true })] }));
        for (const r of s.factors) children.push(new Paragraph({ text: `${cite(r)}: ${clip(r.text)}`, bullet: { level: 0 } }));
      }
    }
  }
  const doc = new Document({ creator: 'BidDesk', title: `Response Outline: ${title}`, sections: [{ children }] });
  return Packer.toBuffer(doc);
}
