import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CORRECTION_NOTE_MAX, type RfpRequirement } from '@biddesk/shared';
import type { CorrectionChange } from '../api/rfp-corrections';
import { PANEL_STYLE } from './requirement-basis';
import { toast } from '../../../lib/toast';

const SECTIONS = [
  { value: 'L', label: 'L' },
  { value: 'M', label: 'M' },
  { value: 'C', label: 'C' },
  { value: 'other', label: 'Other' },
];
const OBLIGATIONS = [
  { value: 'must', label: 'Must' },
  { value: 'should', label: 'Should' },
];

/**
 * The correction controls under a requirement, for members who may correct (OWNER, CONTRIBUTOR):
 * change section or must/should and save, mark it not a requirement, or undo the correction. Saving
 * the engine's own reading with nothing else corrected is an undo.
 */
export function CorrectionForm({
  requirement: r,
  pending,
  onChange,
}: {
  requirement: RfpRequirement;
  pending: boolean;
  onChange: (change: CorrectionChange) => Promise<unknown>;
}) {
  const c = r.correction;
  const engine = c?.engine ?? { section: r.section, must_or_should: r.must_or_should };
  const excluded = c?.not_a_requirement ?? false;
  const [section, setSection] = useState(r.section);
  const [obligation, setObligation] = useState<'must' | 'should'>(r.must_or_should);
  const [note, setNote] = useState(c?.note ?? '');
  const id = r.requirement_id;
  const edited = section !== r.section || obligation !== r.must_or_should || note.trim() !== (c?.note ?? '');
  const backToEngine = !excluded && section === engine.section && obligation === engine.must_or_should;

  const run = async (change: CorrectionChange, done: string) => {
    try {
      await onChange(change);
      toast.success(done);
    } catch (err) {
      toast.error('Failed to save the correction', err);
    }
  };
  const body = (notARequirement: boolean) => ({
    not_a_requirement: notARequirement,
    section: section as 'L' | 'M' | 'C' | 'other',
    must_or_should: obligation,
    note: note.trim() || null,
  });
  const save = () =>
    backToEngine
      ? run({ requirementId: id, undo: true }, `${id} reads as the engine gave it again`)
      : run({ requirementId: id, body: body(excluded) }, `${id} corrected`);

  return (
    <Group gap="xs" align="flex-end" wrap="wrap" mt="xs" role="group" aria-label={`Correct ${id}`} style={PANEL_STYLE}>
      <Select
        size="xs"
        w={90}
        label="Section"
        data={SECTIONS}
        value={section}
        onChange={(v) => v && setSection(v)}
        allowDeselect={false}
        disabled={pending}
      />
      <Select
        size="xs"
        w={100}
        label="Must or should"
        data={OBLIGATIONS}
        value={obligation}
        onChange={(v) => v && setObligation(v as 'must' | 'should')}
        allowDeselect={false}
        disabled={pending}
      />
      <TextInput
        size="xs"
        w={220}
        label="Note (optional)"
        value={note}
        maxLength={CORRECTION_NOTE_MAX}
        onChange={(e) => setNote(e.currentTarget.value)}
        disabled={pending}
      />
      <Button size="xs" variant="light" onClick={() => void save()} disabled={!edited || (backToEngine && !c)} loading={pending}>
        Save correction
      </Button>
      {!excluded && (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => void run({ requirementId: id, body: body(true) }, `${id} marked not a requirement`)}
          disabled={pending}
        >
          Mark not a requirement
        </Button>
      )}
      {c && (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => void run({ requirementId: id, undo: true }, `${id} reads as the engine gave it again`)}
          disabled={pending}
        >
          Undo correction
        </Button>
      )}
    </Group>
  );
}
