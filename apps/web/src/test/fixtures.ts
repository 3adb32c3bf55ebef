import type { GeneratedDocument, Opportunity } from '@biddesk/shared';

/** An opportunity as the API answers it; `n` makes id, notice id, title and number unique. */
export function opportunityFixture(n: number, overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    id: `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`,
    notice_id: `notice${n}`,
    agency: 'DEPT OF DEFENSE',
    sub_tier: null,
    office: null,
    title: `Opportunity ${n}`,
    solicitation_number: `SOL-${n}`,
    notice_type: 'Solicitation',
    naics: '541512',
    psc: 'D302',
    set_aside: null,
    set_aside_description: null,
    posted_date: new Date().toISOString(),
    response_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    archive_date: null,
    active: true,
    saved: false,
    description: 'Text',
    attachments: [],
    pdf_processed: false,
    contacts: [],
    place_of_performance: null,
    award: null,
    link: null,
    additional_info_link: null,
    ...overrides,
  };
}

/** A generated document for opportunity `n`. */
export function generatedDocumentFixture(n: number, overrides: Partial<GeneratedDocument> = {}): GeneratedDocument {
  return {
    id: `10000000-0000-0000-0000-${String(n).padStart(12, '0')}`,
    opportunity_id: opportunityFixture(n).id,
    document_type: 'brief',
    content: `# Executive Brief\n\nOpportunity ${n}`,
    created_at: '2026-11-20T12:00:00.000Z',
    solicitation_number: `SOL-${n}`,
    metadata: { title: `Opportunity ${n}`, agency: 'DEPT OF DEFENSE' },
    ...overrides,
  };
}
