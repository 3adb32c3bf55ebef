import { Button, Group, Select, TextInput } from '@mantine/core';
import { RECIPIENT_BUSINESS_TYPES, type PartnerSort } from '@biddesk/shared';
import { useEffect, useState } from 'react';
import type { PartnerQuery } from '../partner-url-state';

const TEXT_FIELDS = [
  {
    key: 'q',
    label: 'Name or UEI',
    placeholder: 'e.g. Jacobs or K51LECU1G8N3',
    w: 220,
    pattern: /^.{0,120}$/,
    error: 'At most 120 characters',
  },
  { key: 'naics', label: 'NAICS', placeholder: 'e.g. 5415', w: 110, pattern: /^\d{0,6}$/, error: 'Up to 6 digits' },
  { key: 'psc', label: 'PSC', placeholder: 'e.g. DA01', w: 100, pattern: /^[A-Za-z0-9]{0,4}$/, error: 'Up to 4 letters or digits' },
  {
    key: 'agency',
    label: 'Awarding agency code',
    placeholder: 'e.g. 097 or 2100',
    w: 170,
    pattern: /^([A-Za-z0-9]{3,4})?$/,
    error: '3 or 4 characters',
  },
  { key: 'state', label: 'Place (state)', placeholder: 'e.g. VA', w: 110, pattern: /^([A-Za-z]{2})?$/, error: 'Two letters' },
] as const;
type TextKey = (typeof TEXT_FIELDS)[number]['key'];

const SORTS: { value: PartnerSort; label: string }[] = [
  { value: 'obligated', label: 'Most obligated' },
  { value: 'count', label: 'Most awards' },
  { value: 'last_award', label: 'Latest award' },
];

/** Partner search filters: text filters apply on Enter or leaving the field (each is a request). */
export function PartnerFilters({ query, onChange }: { query: PartnerQuery; onChange: (q: PartnerQuery) => void }) {
  const initial = () => Object.fromEntries(TEXT_FIELDS.map((f) => [f.key, query[f.key] ?? ''])) as Record<TextKey, string>;
  const [text, setText] = useState(initial);
  // The URL is the truth: a back button or a link replaces what was typed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setText(initial()), [query.q, query.naics, query.psc, query.agency, query.state]);
  const invalid = (key: TextKey) => {
    const field = TEXT_FIELDS.find((f) => f.key === key)!;
    return field.pattern.test(text[key].trim()) ? null : field.error;
  };
  const apply = () => {
    if (TEXT_FIELDS.some((f) => invalid(f.key))) return;
    const next = { ...query, page: 1 };
    for (const f of TEXT_FIELDS) next[f.key] = text[f.key].trim() || undefined;
    if (TEXT_FIELDS.some((f) => (next[f.key] ?? '') !== (query[f.key] ?? ''))) onChange(next);
  };
  const anyFilter = TEXT_FIELDS.some((f) => query[f.key]) || Boolean(query.businessType);
  return (
    <Group align="flex-start" gap="sm" mb="md" wrap="wrap" role="search" aria-label="Partner filters">
      {TEXT_FIELDS.map((f) => (
        <TextInput
          key={f.key}
          label={f.label}
          placeholder={f.placeholder}
          value={text[f.key]}
          error={invalid(f.key)}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setText((t) => ({ ...t, [f.key]: value }));
          }}
          onBlur={apply}
          onKeyDown={(e) => e.key === 'Enter' && apply()}
          w={f.w}
        />
      ))}
      <Select
        label="Business type"
        placeholder="Any"
        clearable
        data={[...RECIPIENT_BUSINESS_TYPES]}
        value={query.businessType ?? null}
        onChange={(v) => onChange({ ...query, businessType: v ?? undefined, page: 1 })}
        w={240}
      />
      <Select
        label="Sort"
        data={SORTS}
        value={query.sort}
        allowDeselect={false}
        onChange={(v) => v && onChange({ ...query, sort: v as PartnerSort, page: 1 })}
        w={160}
      />
      {anyFilter && (
        <Button variant="subtle" mt={24} onClick={() => onChange({ sort: query.sort, page: 1 })}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
