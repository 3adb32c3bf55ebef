import type { FormField } from './pdf-read';
import type { PageText } from './types';

/**
 * The standard facts of a filled government form (SF-1449, SF-33, SF-30 blocks): solicitation
 * number, offer due date and time with its zone, issue date, issuing office, NAICS and size
 * standard, set-aside. Each field is recognised by its caption: the tooltip government forms give
 * every field ("8. OFFER DUE DATE"), else the field's own name. The values are what the agency
 * typed, so they beat anything guessed from prose; each fact says where it came from.
 */

export interface FormFact<T = string> {
  value: T;
  /** 1-based page of the field. */
  page: number;
  /** The caption the value was read under, as printed on the form. */
  caption: string;
}

export interface OfferDue {
  /** ISO date, YYYY-MM-DD. */
  date: string;
  /** "1:00 PM" as written, or null when the form gives no time. */
  time: string | null;
  /** Time zone as written ("EST", "ET", "local"), or null. */
  zone: string | null;
}

export interface SolicitationFormFacts {
  /** The standard form the fields belong to ("SF-1449"), read from its printed form number. */
  form?: string;
  solicitationNumber?: FormFact;
  offerDue?: FormFact<OfferDue>;
  issueDate?: FormFact<string>;
  issuingOffice?: FormFact;
  naics?: FormFact;
  sizeStandard?: FormFact;
  setAside?: FormFact;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "07/10/2017", "2016-10-18", "October 18, 2016", "18 Oct 2016" → ISO date; null otherwise. */
export function isoDate(value: string): string | null {
  const v = value.trim();
  let m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(v);
  if (m) return valid(+m[1], +m[2], +m[3]);
  m = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/.exec(v);
  if (m) return valid(m[3].length === 2 ? 2000 + +m[3] : +m[3], +m[1], +m[2]);
  m = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/.exec(v);
  if (m && MONTHS.includes(m[1].slice(0, 3).toLowerCase())) return valid(+m[3], MONTHS.indexOf(m[1].slice(0, 3).toLowerCase()) + 1, +m[2]);
  m = /\b(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/.exec(v);
  if (m && MONTHS.includes(m[2].slice(0, 3).toLowerCase())) return valid(+m[3], MONTHS.indexOf(m[2].slice(0, 3).toLowerCase()) + 1, +m[1]);
  return null;
}

function valid(y: number, mo: number, d: number): string | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

const TIME = /\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\.?(?![a-z])|\b(\d{1,2}):(\d{2})\b|\b(noon)\b/i;
const ZONE = /\b(local|eastern|central|mountain|pacific|[ECMP][SD]?T|AK[SD]?T|H[SD]?T|UTC|GMT|Zulu)\b/i;

/** "1:00PM EST" → { time: "1:00 PM", zone: "EST" }. */
export function readTime(value: string): { time: string | null; zone: string | null } {
  const m = TIME.exec(value);
  let time: string | null = null;
  if (m?.[6]) time = '12:00 PM';
  else if (m?.[3]) time = `${+m[1]}:${m[2] ?? '00'} ${m[3].toUpperCase()}M`;
  else if (m?.[4]) {
    const h = +m[4];
    time = h === 0 ? `12:${m[5]} AM` : h < 12 ? `${h}:${m[5]} AM` : h === 12 ? `12:${m[5]} PM` : `${h - 12}:${m[5]} PM`;
  }
  const z = ZONE.exec(value.replace(TIME, ' '));
  return { time, zone: z ? z[1] : null };
}

const SOLICITATION_NUMBER = /solicitation\s*(number|no\b|#)/i;
const OFFER_DUE_DATE =
  /(offer|bid|quot(e|ation)|proposal)s?\s+(are\s+)?due\b(?!.*\btime\b)|offer due date|receipt of (offers|bids|quotes|proposals)|date (offers|bids|quotes|proposals) due/i;
const OFFER_DUE_TIME =
  /(offer|bid|quot(e|ation)|proposal)s?\s+(due\s+)?(local\s+)?time|offer due date\/?\s*local time|\blocal time\b|\(hour\)/i;
const ISSUE_DATE = /(solicitation\s+)?issue\s+date|date\s+issued/i;
const ISSUED_BY = /\bissued by\b/i;
const NAICS = /\bnaics\b/i;
const SIZE_STANDARD = /\bsize standard\b/i;
const SET_ASIDE =
  /set[\s-]?aside|small business|\b8\s*\(\s*a\s*\)|hubzone|service[\s-]disabled|women[\s-]owned|\bw?osb\b|edwosb|sdvosb|unrestricted/i;
const CODE = /\bcode\b/i;

/** A field's caption: its tooltip, else its own name's last part ("solicitationnumber"). */
function captionOf(f: FormField): string {
  if (f.caption) return f.caption.replace(/\s+/g, ' ').trim();
  const last = f.name.split('.').pop() ?? f.name;
  return last
    .replace(/\[\d+\]$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ');
}

// The form number every standard form prints in its footer ("STANDARD FORM 1449 (REV. 2/2012)").
const FORM_NUMBER = /\b(?:STANDARD\s+FORM|SF)[\s-]?(\d{2,4}[A-Z]?)\b/i;

/** "SF-1449" when the page a field sits on prints a standard form number; undefined otherwise. */
export function formNameOf(pages: PageText[], page: number): string | undefined {
  const text = pages.find((p) => p.page === page)?.text ?? '';
  const m = FORM_NUMBER.exec(text);
  return m ? `SF-${m[1].toUpperCase()}` : undefined;
}

/**
 * Where a fact was read, as a person would cite it: "SF-1449 block 8, p. 1" (the block number
 * opens every caption of a standard form), else the caption itself ("form field "Due date", p. 2").
 */
export function factSource(fact: Pick<FormFact<unknown>, 'caption' | 'page'>, form?: string): string {
  const block = /^(\d{1,2}[a-z]?)\.\s/i.exec(fact.caption)?.[1];
  const caption = fact.caption
    .split(' / ')[0]
    .replace(/\sEnter\b.*$/i, '')
    .trim();
  if (form && block) return `${form} block ${block}, p. ${fact.page}`;
  return `${form ?? 'form field'} "${caption}", p. ${fact.page}`;
}

/**
 * The standard facts among a form's filled fields (first page first); absent facts are left out.
 * With the pages, `form` names the standard form the first field sits on.
 */
export function solicitationFormFacts(fields: FormField[], pages?: PageText[]): SolicitationFormFacts {
  const facts: SolicitationFormFacts = {};
  const ordered = [...fields].sort((a, b) => a.page - b.page || b.rect[3] - a.rect[3] || a.rect[0] - b.rect[0]);
  let dueDate: FormFact<string> | null = null;
  let dueTime: { time: string | null; zone: string | null; caption: string } | null = null;
  const setAsides: FormFact[] = [];
  for (const f of ordered) {
    const caption = captionOf(f);
    const value = f.value.trim();
    const fact = (v: string): FormFact => ({ value: v, page: f.page, caption });
    if (value === '☒') {
      if (SET_ASIDE.test(caption))
        setAsides.push(
          fact(
            caption
              .replace(/^\d+[a-z]?\.\s*/i, '')
              .replace(/^this acquisition is\s*/i, '')
              .replace(/:$/, '')
              .trim(),
          ),
        );
      continue;
    }
    if (SOLICITATION_NUMBER.test(caption) && !/date/i.test(caption)) {
      facts.solicitationNumber ??= fact(value);
    } else if (OFFER_DUE_TIME.test(caption) && !isoDate(value)) {
      const t = readTime(value);
      if (t.time) dueTime ??= { ...t, caption };
    } else if (OFFER_DUE_DATE.test(caption)) {
      const date = isoDate(value);
      if (date) {
        dueDate ??= fact(date);
        const t = readTime(value);
        if (t.time) dueTime ??= { ...t, caption };
      }
    } else if (ISSUE_DATE.test(caption)) {
      const date = isoDate(value);
      if (date) facts.issueDate ??= fact(date);
    } else if (ISSUED_BY.test(caption) && !CODE.test(caption)) {
      facts.issuingOffice ??= fact(
        value
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join(', '),
      );
    } else if (NAICS.test(caption) && /\d{6}/.test(value)) {
      facts.naics ??= fact(/\d{6}/.exec(value)![0]);
    } else if (SIZE_STANDARD.test(caption)) {
      facts.sizeStandard ??= fact(value);
    } else if (SET_ASIDE.test(caption) && /\d/.test(value) && /%|percent/i.test(caption + value)) {
      setAsides.push(fact(`${value}${/%/.test(value) ? '' : '%'}`));
    }
  }
  if (dueDate) {
    facts.offerDue = {
      value: { date: dueDate.value, time: dueTime?.time ?? null, zone: dueTime?.zone ?? null },
      page: dueDate.page,
      caption: dueTime && dueTime.caption !== dueDate.caption ? `${dueDate.caption} / ${dueTime.caption}` : dueDate.caption,
    };
  }
  if (setAsides.length) facts.setAside = { ...setAsides[0], value: setAsides.map((s) => s.value).join('; ') };
  const first = ordered.find((f) => f.value.trim());
  const form = first && pages ? formNameOf(pages, first.page) : undefined;
  if (form && Object.keys(facts).length > 0) facts.form = form;
  return facts;
}
