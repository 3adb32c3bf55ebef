import { describe, expect, it } from 'vitest';
import type { PageText, Requirement } from '../types';
import { PARAPHRASED_DRAFT, REQUIREMENTS, SECTIONS, STUFFED_DRAFT, UNRELATED_DRAFT, buildDraft } from './fixtures';
import { COVERED, scoreDraft } from './score-draft';

const ids = (list: Array<{ requirement_id: string }>) => list.map((x) => x.requirement_id);
const matchOf = (a: ReturnType<typeof scoreDraft>, id: string) => a.matches.find((m) => m.requirement_id === id);

describe('scoreDraft', () => {
  it('credits a draft that answers every requirement', () => {
    const a = scoreDraft(REQUIREMENTS, buildDraft());
    expect(a.coverage_score).toBe(100);
    expect(a.fit_score).toBeGreaterThanOrEqual(85);
    expect(a.evidence_score).toBeGreaterThanOrEqual(90);
    expect(a.missing_requirements).toEqual([]);
    expect(a.matches).toHaveLength(REQUIREMENTS.length);
    // Each requirement is matched to the section written for it, with volume and heading.
    for (const s of SECTIONS) {
      for (const id of s.answers) expect(matchOf(a, id)?.location_hint).toContain(s.heading);
    }
    expect(matchOf(a, 'L-002')?.location_hint).toBe('Volume I, 2 Transition Approach');
    expect(matchOf(a, 'L-004')?.location_hint).toBe('Volume II, 10 Labor Rates');
    expect(matchOf(a, 'L-002')?.passage).toMatch(/^We will transition work from the incumbent contractor/);
    expect(matchOf(a, 'L-002')!.passage.length).toBeLessThanOrEqual(241);
  });

  it('lists exactly the omitted requirements as missing, each with a suggestion', () => {
    const omitted = ['L-002', 'L-003', 'L-006'];
    const a = scoreDraft(REQUIREMENTS, buildDraft({ omit: omitted }));
    expect(ids(a.missing_requirements)).toEqual(omitted);
    expect(a.missing_requirements[0]).toEqual({ requirement_id: 'L-002', section: 'L', text: REQUIREMENTS[1].text });
    // Weights: L 6 x 1, M 3+2+2+2, C 1 = 16; three weight-1 requirements missing.
    expect(a.coverage_score).toBe(Math.round((100 * 13) / 16));
    for (const id of omitted) {
      const s = a.suggestions.find((x) => x.requirement_id === id);
      expect(s, id).toBeDefined();
      expect(s!.suggestion).toMatch(new RegExp(`^Answer ${id} \\(must.*: the draft does not`));
    }
    // What to add is named in the requirement's own words.
    expect(a.suggestions.find((x) => x.requirement_id === 'L-002')!.suggestion).toContain('incumbent');
    expect(a.suggestions.find((x) => x.requirement_id === 'L-006')!.suggestion).toMatch(/sensitive|fisma/i);
    // Nothing in the draft is about conflicts of interest: no heading fits, so a new section.
    expect(a.suggestions.find((x) => x.requirement_id === 'L-003')!.location_hint).toBe('New section');
  });

  it('places a missing requirement under the draft heading that names its topic', () => {
    const draft = `${buildDraft({ omit: ['L-006'] })}\n\n12 Information Security\nTo be completed.\n`;
    const a = scoreDraft(REQUIREMENTS, draft);
    expect(ids(a.missing_requirements)).toEqual(['L-006']);
    expect(a.suggestions.find((x) => x.requirement_id === 'L-006')!.location_hint).toBe('Volume II, 12 Information Security');
  });

  it('credits a draft that says the same things in other words', () => {
    const para = scoreDraft(REQUIREMENTS, PARAPHRASED_DRAFT);
    const unrelated = scoreDraft(REQUIREMENTS, UNRELATED_DRAFT);
    const verbatim = scoreDraft(REQUIREMENTS, buildDraft({ evidence: false }));
    expect(para.coverage_score).toBeGreaterThanOrEqual(80);
    expect(para.missing_requirements.length).toBeLessThanOrEqual(2);
    // Synonyms carried it: "incumbent vendor" / "take over" for the transition, "employees" for staff.
    expect(matchOf(para, 'L-002')!.score).toBeGreaterThanOrEqual(COVERED);
    expect(matchOf(para, 'L-002')!.location_hint).toBe('Technical Volume, Taking Over From the Current Vendor');
    expect(unrelated.coverage_score).toBe(0);
    expect(para.fit_score).toBeGreaterThan(unrelated.fit_score + 50);
    // Language match measures the solicitation's own words, so the paraphrase mirrors fewer of them.
    expect(para.language_match_score).toBeLessThan(verbatim.language_match_score);
  });

  it('scores a keyword-stuffed draft clearly below a substantive one', () => {
    const stuffed = scoreDraft(REQUIREMENTS, STUFFED_DRAFT);
    const good = scoreDraft(REQUIREMENTS, buildDraft());
    // It mirrors the words...
    expect(stuffed.language_match_score).toBeGreaterThanOrEqual(80);
    // ...but answers nothing.
    expect(stuffed.coverage_score).toBeLessThanOrEqual(20);
    expect(stuffed.fit_score).toBeLessThanOrEqual(good.fit_score - 40);
    for (const m of stuffed.matches) expect(m.score, m.requirement_id).toBeLessThan(matchOf(good, m.requirement_id)!.score);
    expect(stuffed.suggestions.some((s) => /Rewrite .* as full sentences/.test(s.suggestion))).toBe(true);
  });

  it('gives less coverage to a passage that answers only part of a requirement', () => {
    const full = scoreDraft(REQUIREMENTS, buildDraft());
    const partial = scoreDraft(
      REQUIREMENTS,
      buildDraft({ omit: ['L-001'] }) +
        '\n\nStaffing\nOur staffing plan identifies each proposed Key Personnel position: a Program Manager, a Technical Lead and two senior developers.\n',
    );
    const p = matchOf(partial, 'L-001')!;
    expect(p.score).toBeLessThan(matchOf(full, 'L-001')!.score);
    expect(p.score).toBeGreaterThan(0.3);
    const s = partial.suggestions.find((x) => x.requirement_id === 'L-001')!;
    expect(s.suggestion).toMatch(/recruit|retain/);
    expect(s.location_hint).toBe('Volume II, Staffing');
  });

  it('raises the evidence score with concrete figures, dates and contract numbers', () => {
    const bare = scoreDraft(REQUIREMENTS, buildDraft({ evidence: false }));
    const proven = scoreDraft(REQUIREMENTS, buildDraft({ evidence: true }));
    // Only the factor that asks for key personnel changes coverage: without the proof line nobody is named.
    expect(ids(proven.missing_requirements)).toEqual([]);
    expect(ids(bare.missing_requirements)).toEqual(['M-001']);
    expect(bare.suggestions.find((x) => x.requirement_id === 'M-001')!.suggestion).toMatch(/the names of the people/);
    expect(bare.evidence_score).toBeLessThanOrEqual(60);
    expect(proven.evidence_score).toBeGreaterThanOrEqual(bare.evidence_score + 30);
    expect(proven.fit_score).toBeGreaterThan(bare.fit_score);
    // One suggestion per gap: answers at or above WEAK are not gaps, evidence or not (issue 24).
    const gaps = bare.matches.filter((m) => m.status === 'missing' || m.status === 'partial' || m.status === 'conflict');
    expect(ids(bare.suggestions).sort()).toEqual(ids(gaps).sort());
  });

  it('weighs an evaluation factor more than a Section L should-item', () => {
    const withoutFactor = scoreDraft(REQUIREMENTS, buildDraft({ omit: ['M-002'] }));
    const withoutShould = scoreDraft(REQUIREMENTS, buildDraft({ omit: ['L-005'] }));
    expect(ids(withoutFactor.missing_requirements)).toEqual(['M-002']);
    expect(ids(withoutShould.missing_requirements)).toEqual(['L-005']);
    expect(withoutFactor.fit_score).toBeLessThan(withoutShould.fit_score - 5);
    expect(withoutFactor.coverage_score).toBeLessThan(withoutShould.coverage_score);
  });

  it('scores an empty draft zero with everything missing', () => {
    for (const draft of ['', '   \n\n', [] as PageText[]]) {
      const a = scoreDraft(REQUIREMENTS, draft);
      expect([a.fit_score, a.coverage_score, a.evidence_score, a.language_match_score]).toEqual([0, 0, 0, 0]);
      expect(ids(a.missing_requirements)).toEqual(ids(REQUIREMENTS));
      expect(a.matches).toEqual([]);
      // Ranked: evaluation factors first, then musts, then weight; every requirement named once,
      // gaps on one topic in one place (here: a new section) merged into one suggestion.
      const named = a.suggestions.flatMap((x) => x.requirement_ids ?? [x.requirement_id]);
      expect([...named].sort()).toEqual([...ids(REQUIREMENTS)].sort());
      expect(a.suggestions.length).toBeLessThan(REQUIREMENTS.length);
      const firstNonM = a.suggestions.findIndex((x) => !x.requirement_id.startsWith('M-'));
      expect(a.suggestions.slice(firstNonM).some((x) => x.requirement_id.startsWith('M-'))).toBe(false);
      expect(a.suggestions.every((s) => s.location_hint === 'New section')).toBe(true);
    }
  });

  it('returns zeros and empty lists when there are no requirements', () => {
    expect(scoreDraft([], buildDraft())).toEqual({
      fit_score: 0,
      coverage_score: 0,
      evidence_score: 0,
      language_match_score: 0,
      missing_requirements: [],
      suggestions: [],
      matches: [],
      conflicts: [],
      checks: [],
      reported_separately: [],
      format_checks: [],
    });
  });

  it('keeps page numbers from paged drafts in matches and hints', () => {
    const text = buildDraft({ omit: ['L-006'] });
    // Page 1: the first two sections; page 2: the rest.
    const cut = text.indexOf('3 Quality Control Plan');
    const pages: PageText[] = [
      { page: 1, text: text.slice(0, cut) },
      { page: 2, text: text.slice(cut) },
    ];
    const a = scoreDraft(REQUIREMENTS, pages);
    expect(matchOf(a, 'L-001')).toMatchObject({ page: 1, location_hint: 'Volume I, 1 Staffing Plan (page 1)' });
    expect(matchOf(a, 'L-005')).toMatchObject({ page: 2, location_hint: 'Volume I, 3 Quality Control Plan (page 2)' });
    expect(ids(a.missing_requirements)).toEqual(['L-006']);
  });

  it('is deterministic', () => {
    const draft = buildDraft({ omit: ['M-003'] });
    const first = scoreDraft(REQUIREMENTS, draft);
    const second = scoreDraft(
      REQUIREMENTS.map((r) => ({ ...r })),
      draft.slice(),
    );
    expect(second).toEqual(first);
    expect(JSON.stringify(scoreDraft(REQUIREMENTS, PARAPHRASED_DRAFT))).toBe(JSON.stringify(scoreDraft(REQUIREMENTS, PARAPHRASED_DRAFT)));
  });

  describe('issue 14 rules', () => {
    const r = (requirement_id: string, text: string, section: 'L' | 'M' | 'C' = 'L'): Requirement => ({
      requirement_id,
      section,
      must_or_should: 'must',
      weight: 1,
      text,
      page: null,
    });
    const RULES = [
      r('L-10', 'Identify the proposed project manager by name and describe the manager’s experience with warehouse operations.'),
      r('L-11', 'Provide links to the public repositories of two similar inventory projects.'),
      r('L-12', 'Proposals must be received no later than 3:00 PM Eastern Time on June 1, 2030.'),
      r('C-10', 'The contractor shall count warehouse inventory every quarter and reconcile differences.', 'C'),
    ];

    it('counts a deferred answer as missing and says so, and checks the answer type asked for', () => {
      const draft = [
        'Management',
        'Our project manager for warehouse operations will be named after contract award. The manager has led warehouse operations for large distribution centers.',
        '',
        'Past Projects',
        'We delivered two similar inventory projects for state agencies, both with public repositories on our website.',
        '',
        'Inventory',
        'Our team counts the warehouse inventory every quarter with handheld scanners and reconciles each difference within 5 days.',
      ].join('\n');
      const a = scoreDraft(RULES, draft);
      const status = Object.fromEntries(a.matches.map((m) => [m.requirement_id, m.status]));
      // A deferred answer is missing (one status per requirement), marked as promised for later.
      expect(status).toMatchObject({ 'L-10': 'missing', 'L-11': 'missing', 'C-10': 'addressed' });
      expect(matchOf(a, 'L-10')!.deferred).toBe(true);
      expect(ids(a.missing_requirements)).toEqual(['L-10', 'L-11']);
      expect(a.reported_separately).toEqual([{ requirement_id: 'L-12', section: 'L', text: RULES[2].text, kind: 'logistics' }]);
      // Coverage over the three content requirements only: one of three.
      expect(a.coverage_score).toBe(33);
      expect(a.suggestions.find((x) => x.requirement_id === 'L-10')!.suggestion).toMatch(/only promises it for later/);
      expect(a.suggestions.find((x) => x.requirement_id === 'L-11')!.suggestion).toMatch(/links \(URLs\)/);

      const answered = scoreDraft(
        RULES,
        draft
          .replace('will be named after contract award', 'is Marta Quinn, PMP')
          .replace('both with public repositories on our website', 'github.com/example-co/stock-count and github.com/example-co/bin-audit'),
      );
      expect(ids(answered.missing_requirements)).toEqual([]);
      expect(answered.coverage_score).toBe(100);
    });

    it('lists a contradiction as a conflict, uncredited and costing more fit than leaving it out', () => {
      const rules = [
        r('C-20', 'Physical inventory counts must be completed within 10 days of each quarter end.', 'C'),
        r('C-21', 'The contractor shall report stock outs to the COR.', 'C'),
      ];
      const silent = scoreDraft(rules, 'Reporting\nWe report every stock out to the COR on the same day by e-mail.');
      const contrary = scoreDraft(
        rules,
        'Reporting\nWe report every stock out to the COR on the same day by e-mail.\n\nCounts\nPhysical inventory counts are completed within 20 days of each quarter end by our inventory team.',
      );
      expect(ids(contrary.conflicts)).toEqual(['C-20']);
      expect(ids(contrary.missing_requirements)).toEqual([]);
      expect(contrary.matches.find((m) => m.requirement_id === 'C-20')).toMatchObject({ status: 'conflict', score: 0 });
      expect(contrary.coverage_score).toBe(50);
      expect(contrary.fit_score).toBeLessThan(silent.fit_score);
      expect(contrary.suggestions[0].suggestion).toMatch(/^Resolve the conflict with C-20/);
    });
  });

  it('matches a requirement named by an equivalent: HSPD-12 by PIV cards, Section 508 by WCAG, OWASP by vulnerability scans', () => {
    const r = (requirement_id: string, text: string): Requirement => ({
      requirement_id,
      section: 'C',
      must_or_should: 'must',
      weight: 1,
      text,
      page: null,
    });
    const reqs = [
      r('C-30', 'All contractor personnel must obtain HSPD-12 credentials before system access.'),
      r('C-31', 'The portal shall conform to Section 508.'),
      r('C-32', 'The contractor shall run OWASP ZAP scans before each release.'),
    ];
    const draft = [
      'Security and Access',
      'Every member of our team receives a PIV card before any account on the system is opened for them.',
      '',
      'Accessibility',
      'Each page of the portal meets WCAG 2.1 AA, and we test every form with screen readers before it ships.',
      '',
      'Release Checks',
      'Before every release our pipeline runs automated vulnerability scanning against the staging site and blocks on high findings.',
    ].join('\n');
    const a = scoreDraft(reqs, draft);
    expect(ids(a.missing_requirements)).toEqual([]);
    expect(a.matches.map((m) => m.location_hint)).toEqual(['Security and Access', 'Accessibility', 'Release Checks']);
  });

  it('lets a concept stand for the words of its name, at their weight: inline docs by TSDoc, plain language not by design words', () => {
    const r = (requirement_id: string, text: string): Requirement => ({
      requirement_id,
      section: 'C',
      must_or_should: 'must',
      weight: 1,
      text,
      page: null,
    });
    const reqs = [
      r('C-40', 'All major functions must be documented inline.'),
      r('C-41', 'Vendor must use plain language in application design and development.'),
    ];
    const draft = [
      'Code Quality',
      'Public C# methods carry XML doc comments and our Angular services carry TSDoc blocks, checked in every build.',
      '',
      'Design',
      'Our designers give every screen a consistent look, reviewed in design critiques every sprint.',
    ].join('\n');
    const a = scoreDraft(reqs, draft);
    expect(matchOf(a, 'C-40')?.status).toBe('addressed');
    expect(ids(a.missing_requirements)).toEqual(['C-41']);
  });

  it('merges gaps on one topic in one place into one suggestion naming each requirement', () => {
    const r = (requirement_id: string, text: string): Requirement => ({
      requirement_id,
      section: 'C',
      must_or_should: 'must',
      weight: 1,
      text,
      page: null,
    });
    const reqs = [
      r('C-50', 'Two weeks before the order ends, provide a brief transition plan to the Contracting Officer.'),
      r('C-51', 'Coordinate the transition plan with the Contracting Officer and implement it.'),
      r('C-52', 'Deliver a monthly status report listing completed sprint tasks.'),
    ];
    const a = scoreDraft(reqs, 'Approach\nWe build the application in two-week sprints with automated tests on every change.');
    expect(ids(a.missing_requirements)).toEqual(['C-50', 'C-51', 'C-52']);
    expect(a.suggestions).toHaveLength(2);
    const transition = a.suggestions.find((x) => x.requirement_id === 'C-50')!;
    expect(transition.requirement_ids).toEqual(['C-50', 'C-51']);
    expect(transition.suggestion).toContain('C-51 “Coordinate the transition plan');
    expect(a.suggestions.find((x) => x.requirement_id === 'C-52')!.requirement_ids).toBeUndefined();
  });

  it('judges a rule on the whole quotation by how much of it is specific, not by its words', () => {
    const req: Requirement = {
      requirement_id: 'L-60',
      section: 'L',
      must_or_should: 'must',
      weight: 1,
      text: 'Information provided in the quotation must be concise, specific, and complete.',
      page: null,
    };
    const specific =
      'Approach\nDana Reyes, PMP, has led 42 sprints since 2019; our last project cut processing time from 41 to 16 minutes (contract 47QTCA19D00XY).';
    const vague =
      'Approach\nOur proven, concise and complete approach delivers specific outcomes that exceed expectations for every client we serve.';
    expect(ids(scoreDraft([req], specific).missing_requirements)).toEqual([]);
    const weak = scoreDraft([req], vague);
    expect(ids(weak.missing_requirements)).toEqual(['L-60']);
    expect(weak.suggestions[0]).toMatchObject({ requirement_id: 'L-60', location_hint: 'Whole draft' });
    expect(weak.suggestions[0].suggestion).toMatch(/^Make the whole draft meet L-60 .*: only 0% of its text carries figures/);
  });
});
