import { Button, Group, Select, TextInput } from '@mantine/core';
import type { PipelineStage } from '@biddesk/shared';
import { useEffect, useState } from 'react';
import type { PipelineFilters as Filters } from '../url-state';

const DUE_OPTIONS = [7, 14, 30, 60, 90].map((d) => ({ value: String(d), label: `Due within ${d} days` }));

interface Props {
  filters: Filters;
  stages: PipelineStage[];
  owners: { id: string; name: string }[];
  onChange: (filters: Filters) => void;
}

/** Owner, stage, agency, NAICS and due-within filters; the server applies them, so totals follow. */
export function PipelineFilters({ filters, stages, owners, onChange }: Props) {
  // Text filters apply on Enter or leaving the field, not on every key (each is a request).
  const [agency, setAgency] = useState(filters.agency ?? '');
  const [naics, setNaics] = useState(filters.naics ?? '');
  useEffect(() => setAgency(filters.agency ?? ''), [filters.agency]);
  useEffect(() => setNaics(filters.naics ?? ''), [filters.naics]);
  const naicsValid = /^\d{0,6}$/.test(naics.trim());
  const applyText = () => {
    if (!naicsValid) return;
    if ((filters.agency ?? '') !== agency.trim() || (filters.naics ?? '') !== naics.trim())
      onChange({ ...filters, agency: agency.trim() || undefined, naics: naics.trim() || undefined });
  };
  const anyFilter = Object.values(filters).some((v) => v !== undefined);
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap" role="search" aria-label="Pipeline filters">
      <Select
        label="Stage"
        placeholder="All stages"
        clearable
        data={stages.map((s) => ({ value: s.id, label: s.name }))}
        value={filters.stage ?? null}
        onChange={(v) => onChange({ ...filters, stage: v ?? undefined })}
        w={170}
      />
      <Select
        label="Owner"
        placeholder="All owners"
        clearable
        searchable
        data={[{ value: 'none', label: 'No owner' }, ...owners.map((o) => ({ value: o.id, label: o.name }))]}
        value={filters.owner ?? null}
        onChange={(v) => onChange({ ...filters, owner: v ?? undefined })}
        w={180}
      />
      <TextInput
        label="Agency"
        placeholder="Exact agency name"
        value={agency}
        onChange={(e) => setAgency(e.currentTarget.value)}
        onBlur={applyText}
        onKeyDown={(e) => e.key === 'Enter' && applyText()}
        w={220}
      />
      <TextInput
        label="NAICS"
        placeholder="e.g. 5415"
        value={naics}
        onChange={(e) => setNaics(e.currentTarget.value)}
        onBlur={applyText}
        onKeyDown={(e) => e.key === 'Enter' && applyText()}
        error={naicsValid ? undefined : 'NAICS code must be up to 6 digits'}
        w={120}
      />
      <Select
        label="Due"
        placeholder="Any due date"
        clearable
        data={DUE_OPTIONS}
        value={filters.dueWithin ? String(filters.dueWithin) : null}
        onChange={(v) => onChange({ ...filters, dueWithin: v ? Number(v) : undefined })}
        w={190}
      />
      {anyFilter && (
        <Button variant="subtle" onClick={() => onChange({})}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
