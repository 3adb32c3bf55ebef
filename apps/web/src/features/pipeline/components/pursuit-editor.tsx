import { Alert, Button, Divider, Drawer, Group, NumberInput, Select, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { PURSUIT_NAMES_MAX, weightedValue, type Pursuit, type PursuitListItem, type UpdatePursuitBody } from '@biddesk/shared';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeletePursuit, usePursuit, useUpdatePursuit } from '../api/pursuits-api';
import { formatMoney } from '../../../lib/display-format';
import { DecisionHistory } from './decision-history';
import { toast } from '../../../lib/toast';
import { AwardValueOffer } from './award-value-offer';
import { PursuitPartyLinks } from './pursuit-party-links';

interface Props {
  /** The pursuit as listed; the drawer reads the whole one (notes, names, evidence) to edit it. */
  pursuit: PursuitListItem | null;
  owners: { id: string; name: string }[];
  onClose: () => void;
  onGateReview: (pursuit: PursuitListItem) => void;
  onRecordOutcome: (pursuit: PursuitListItem) => void;
}

type Draft = {
  owner_id: string | null;
  estimated_value: number | '';
  p_win: number | '';
  p_go: number | '';
  expected_award_date: string;
  next_action: string;
  next_action_due: string;
  competitors: string[];
  teaming_partners: string[];
  notes: string;
  incumbent: string;
  page_budget: number | '';
};

const toDraft = (p: Pursuit): Draft => ({
  owner_id: p.owner?.id ?? null,
  estimated_value: p.estimated_value ?? '',
  p_win: p.p_win ?? '',
  p_go: p.p_go ?? '',
  expected_award_date: p.expected_award_date ?? '',
  next_action: p.next_action ?? '',
  next_action_due: p.next_action_due ?? '',
  competitors: p.competitors,
  teaming_partners: p.teaming_partners,
  notes: p.notes,
  incumbent: p.incumbent ?? '',
  page_budget: p.page_budget ?? '',
});
const num = (v: number | '') => (v === '' ? null : v);

/** The capture fields of one pursuit, in a drawer; the server checks every rule again. */
export function PursuitEditor({ pursuit: listed, owners, onClose, onGateReview, onRecordOutcome }: Props) {
  const full = usePursuit(listed?.id ?? null);
  const pursuit = listed && full.data?.id === listed.id ? full.data : null;
  const [draft, setDraft] = useState<Draft | null>(null);
  const update = useUpdatePursuit();
  const remove = useDeletePursuit();
  const [confirmRemove, setConfirmRemove] = useState(false);
  useEffect(() => setDraft(pursuit ? toDraft(pursuit) : null), [pursuit]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d));

  const save = () => {
    if (!pursuit || !draft) return;
    const body: UpdatePursuitBody = {
      ...(draft.owner_id ? { owner_id: draft.owner_id } : {}),
      estimated_value: num(draft.estimated_value),
      p_win: num(draft.p_win),
      p_go: num(draft.p_go),
      expected_award_date: draft.expected_award_date || null,
      next_action: draft.next_action.trim() || null,
      next_action_due: draft.next_action_due || null,
      competitors: draft.competitors,
      teaming_partners: draft.teaming_partners,
      notes: draft.notes,
      incumbent: draft.incumbent.trim() || null,
      page_budget: num(draft.page_budget),
    };
    update.mutate(
      { id: pursuit.id, body },
      {
        onSuccess: () => {
          toast.success('Pursuit saved');
          onClose();
        },
        onError: (error) => toast.error('Failed to save the pursuit', error),
      },
    );
  };

  const weighted = draft ? weightedValue(num(draft.estimated_value), num(draft.p_win), num(draft.p_go)) : null;
  return (
    <Drawer opened={listed !== null} onClose={onClose} position="right" size="md" title={listed ? `Edit pursuit: ${listed.title}` : ''}>
      {listed &&
        !pursuit &&
        (full.isError ? (
          <Alert color="red">{errorMessage(full.error, 'Failed to load the pursuit')}</Alert>
        ) : (
          <Text size="sm">Loading…</Text>
        ))}
      {draft && pursuit && (
        <Stack gap="sm">
          <Select
            label="Capture owner"
            data={owners.map((o) => ({ value: o.id, label: o.name }))}
            value={draft.owner_id}
            onChange={(v) => set('owner_id', v)}
            searchable
          />
          <NumberInput
            label="Estimated value (USD)"
            min={0}
            thousandSeparator=","
            prefix="$"
            value={draft.estimated_value}
            onChange={(v) => set('estimated_value', typeof v === 'number' ? v : '')}
          />
          <AwardValueOffer pursuit={pursuit} />
          <Group grow>
            <NumberInput
              label="p(win) %"
              min={0}
              max={100}
              clampBehavior="strict"
              allowDecimal={false}
              value={draft.p_win}
              onChange={(v) => set('p_win', typeof v === 'number' ? v : '')}
            />
            <NumberInput
              label="p(go) %"
              min={0}
              max={100}
              clampBehavior="strict"
              allowDecimal={false}
              value={draft.p_go}
              onChange={(v) => set('p_go', typeof v === 'number' ? v : '')}
            />
          </Group>
          <Text size="sm" data-testid="editor-weighted">
            Weighted value: {weighted === null ? '— (needs a value and p(win))' : formatMoney(weighted)}
          </Text>
          <TextInput
            type="date"
            label="Expected award date"
            value={draft.expected_award_date}
            onChange={(e) => set('expected_award_date', e.currentTarget.value)}
          />
          <TextInput
            label="Next action"
            maxLength={200}
            value={draft.next_action}
            onChange={(e) => set('next_action', e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Next action date"
            value={draft.next_action_due}
            onChange={(e) => set('next_action_due', e.currentTarget.value)}
          />
          <TagsInput
            label="Competitors"
            description="Press Enter after each name"
            maxTags={PURSUIT_NAMES_MAX}
            value={draft.competitors}
            onChange={(v) => set('competitors', v)}
          />
          <TagsInput
            label="Teaming partners"
            description="Press Enter after each name"
            maxTags={PURSUIT_NAMES_MAX}
            value={draft.teaming_partners}
            onChange={(v) => set('teaming_partners', v)}
          />
          <PursuitPartyLinks pursuitId={pursuit.id} />
          <Group grow align="flex-start">
            <TextInput
              label="Incumbent"
              description='A name, or "none" for a new requirement'
              maxLength={120}
              value={draft.incumbent}
              onChange={(e) => set('incumbent', e.currentTarget.value)}
            />
            <NumberInput
              label="Page budget (pages)"
              min={1}
              max={10000}
              allowDecimal={false}
              value={draft.page_budget}
              onChange={(v) => set('page_budget', typeof v === 'number' ? v : '')}
            />
          </Group>
          <Textarea
            label="Notes"
            autosize
            minRows={3}
            maxRows={10}
            value={draft.notes}
            onChange={(e) => set('notes', e.currentTarget.value)}
          />
          <Group justify="space-between" mt="sm">
            <Button color="red" variant="subtle" onClick={() => setConfirmRemove(true)}>
              Stop tracking
            </Button>
            <Button onClick={save} loading={update.isPending}>
              Save
            </Button>
          </Group>
          <Divider my="xs" />
          <Group gap="xs">
            <Button variant="light" onClick={() => onGateReview(pursuit)}>
              Gate review
            </Button>
            <Button variant="light" onClick={() => onRecordOutcome(pursuit)}>
              Record outcome
            </Button>
          </Group>
          <DecisionHistory pursuitId={pursuit.id} />
        </Stack>
      )}
      <ConfirmDialog
        opened={confirmRemove && pursuit !== null}
        title="Stop tracking?"
        message={`${pursuit?.title ?? ''} leaves the pipeline.`}
        consequences={[
          'Its stage, values, next action, competitors, partners and notes are deleted',
          'Its gate decisions and outcome are deleted with it',
          'Its workspace, if any, stays as it is',
        ]}
        confirmLabel="Stop tracking"
        busy={remove.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() =>
          pursuit &&
          remove.mutate(pursuit.id, {
            onSuccess: () => {
              toast.success('Removed from the pipeline');
              setConfirmRemove(false);
              onClose();
            },
            onError: (error) => toast.error('Failed to remove the pursuit', error),
          })
        }
      />
    </Drawer>
  );
}
