/**
 * Pricing Strategy (workspace side): what the solicitation says about contract type, price
 * structure and price evaluation, and the competitive setting from the set-aside, turned into a
 * checklist for the price team.
 */
import type { Requirement } from '../types';
import { AWARD_BASIS, matching, PRICING_CUES, VALIDITY, WAGE_DETERMINATION } from './cues';
import { hasSetAside, isSoleSource, setAsideLabel } from './facts';
import { citeAll, clean, detail, phrase, quoteLine, titleLine } from './format';
import { topicOf } from './structure';
import type { GeneratorContext } from './types';

export function pricingStrategy(ctx: GeneratorContext): string {
  const { opportunity: o, requirements: reqs, tone } = ctx;
  const description = clean(o.description);
  const out: string[] = [titleLine('Pricing Strategy', o.title, o.solicitation_number), ''];
  out.push(
    phrase(
      tone,
      'What the solicitation says about how the work is priced and how price is evaluated, with the requirement ids behind each point.',
      'This strategy sets out the solicitation’s provisions on contract type, price structure and price evaluation, with reference to the requirements from which each is drawn.',
    ),
    '',
  );
  if (reqs.length === 0)
    out.push(
      '> No solicitation PDF uploaded: cues below come from the notice description only. Upload the solicitation to read its price instructions and schedule.',
      '',
    );

  // Contract type --------------------------------------------------------------------------------
  out.push('## Contract Type and Price Structure', '');
  const found = PRICING_CUES.map((cue) => ({ cue, reqs: matching(reqs, cue.re), inDescription: cue.re.test(description) })).filter(
    (f) => f.reqs.length > 0 || f.inDescription,
  );
  if (found.length === 0) {
    out.push(
      'No contract type, line-item or rate structure cues were found. Ask the contracting officer for the contract type and price schedule before building the price.',
      '',
    );
  } else {
    for (const f of found) {
      const where = [f.reqs.length ? citeAll(f.reqs, 4) : '', f.inDescription ? 'the notice description' : '']
        .filter(Boolean)
        .join(' and ');
      out.push(`- **${f.cue.label}** (${where}): ${f.cue.note}`);
    }
    out.push('');
  }
  out.push(
    ...detail(
      tone,
      'Contract type decides who carries cost risk. Under fixed price, every unstated quantity is a risk to price in; under rate-based contracts, the rate build-up and the realism of the hours matter most.',
    ),
  );

  // Price evaluation ---------------------------------------------------------------------------
  out.push('## How Price Is Evaluated', '');
  const evalReqs = reqs.filter(
    (r) => r.section === 'M' && (AWARD_BASIS.test(r.text) || topicOf(r.text).kind === 'price' || /\bprice\b/i.test(r.text)),
  );
  if (evalReqs.length === 0) {
    out.push(reqs.length ? 'No price evaluation criteria were found in Section M.' : 'Unknown until the solicitation is uploaded.', '');
  } else {
    out.push(...evalReqs.slice(0, 6).map((r) => quoteLine(r, 260)), '');
    out.push(`- ${priceStance(evalReqs)}`, '');
  }

  // Competition --------------------------------------------------------------------------------
  out.push('## Set-Aside and Competition', '');
  out.push(`- **Set-aside:** ${setAsideLabel(o)}`);
  if (isSoleSource(o)) {
    out.push(
      '- Sole-source: price is negotiated rather than competed; expect a detailed cost or pricing data request and support every rate.',
    );
  } else if (hasSetAside(o)) {
    out.push(
      '- Competition is limited to eligible small businesses: price against similar-sized firms with comparable overhead, not large primes.',
    );
    out.push(
      '- Limitations on subcontracting (FAR 52.219-14) cap what may be paid to subcontractors that are not similarly situated: plan the work split before pricing teammates.',
    );
  }
  // No set-aside: nothing to say beyond the label above (no generic talk about who usually wins).
  if (/sources sought|presolicitation|request for information|special notice/i.test(clean(o.notice_type))) {
    out.push(
      `- Notice type is "${clean(o.notice_type)}": no price is due yet. Use any response to steer the acquisition toward a contract type and structure you can price well.`,
    );
  }
  if (o.naics) out.push(`- NAICS ${clean(o.naics)}: its size standard decides eligibility and who the likely competitors are.`);
  out.push('');

  // Price volume instructions ------------------------------------------------------------------
  out.push('## Price Volume Requirements', '');
  const priceReqs = reqs.filter((r) => r.section !== 'M' && topicOf(r.text).kind === 'price');
  if (priceReqs.length === 0) {
    out.push(
      reqs.length
        ? 'No price preparation instructions were found in the extracted requirements; check the solicitation attachments for a price schedule.'
        : 'Not available without the solicitation.',
      '',
    );
  } else {
    out.push(...priceReqs.slice(0, 15).map((r) => quoteLine(r, 240)));
    if (priceReqs.length > 15) out.push(`- Also: ${citeAll(priceReqs.slice(15), 20)}`);
    out.push('');
  }

  // Checklist ----------------------------------------------------------------------------------
  out.push('## Pricing Checklist', '');
  out.push(
    ...checklist(
      reqs,
      found.map((f) => f.cue.key),
      description,
    ).map((c) => `- [ ] ${c}`),
    '',
  );
  return out.join('\n');
}

function priceStance(evalReqs: Requirement[]): string {
  const text = evalReqs.map((r) => r.text).join(' ');
  if (/lowest price technically acceptable|\bLPTA\b/i.test(text)) {
    return 'Lowest price technically acceptable: once technically acceptable, the lowest price wins. Price lean and avoid gold-plating.';
  }
  if (/(technical|non-?price)[^.]*(significantly )?(more important|outweigh)|best technical/i.test(text)) {
    return 'Non-price factors outweigh price: a modest premium for a stronger approach can win, but the price must still be reasonable and consistent with the approach.';
  }
  if (/\b(approximately )?equal\b/i.test(text))
    return 'Price and non-price factors weigh about equally: aim for a competitive price without cutting what the technical volume promises.';
  if (/best value|trade-?off/i.test(text))
    return 'Best value trade-off: technical merit can justify a higher price; check the stated relative importance before deciding how hard to sharpen.';
  return 'The basis for award is not explicit about price; confirm the relative importance of price before setting the target.';
}

function checklist(reqs: Requirement[], cues: string[], description: string): string[] {
  const items: string[] = [];
  const has = (k: string) => cues.includes(k);
  if (has('clin'))
    items.push(
      `Price exactly in the provided schedule or worksheet, every line item filled ${citeAll(matching(reqs, PRICING_CUES.find((c) => c.key === 'clin')!.re), 3)}`,
    );
  else items.push('Confirm the price schedule format (line items, periods) with the solicitation attachments');
  if (has('labor') || has('tm') || has('bpa'))
    items.push('Map each proposed person to a labor category and build each fully burdened rate (salary, fringe, overhead, G&A, profit)');
  if (has('bpa')) items.push('Check every proposed rate against your schedule or BPA ceiling rates');
  if (has('fee')) items.push('Include the contract access fee as instructed');
  if (has('options')) items.push('Price base and option periods with a stated, consistent escalation rate');
  if (has('wage') || WAGE_DETERMINATION.test(description))
    items.push('Apply wage determination rates and fringe as floors for covered labor categories');
  if (has('travel')) items.push('State how travel and other direct costs are priced');
  const validity = matching(reqs, VALIDITY);
  if (validity.length) items.push(`Keep the price valid for the period required ${citeAll(validity, 2)}`);
  items.push('Reconcile hours and staffing with the technical volume so the price and the approach tell the same story');
  items.push('List pricing assumptions without taking exception to the solicitation terms (exceptions can make the offer unacceptable)');
  items.push('Check the total against any known budget, incumbent price or historical award for this work');
  return items;
}
