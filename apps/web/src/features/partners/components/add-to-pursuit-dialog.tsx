import { Alert, Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import type { PartnerSummary, PursuitPartyKind } from '@biddesk/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAddPursuitParty, useEditablePursuits } from '../api/partners-api';

interface Props {
  partner: PartnerSummary | null;
  kind: PursuitPartyKind;
  /** Only their own pursuits for a user; every pursuit for an admin (the server checks again). */
  ownerId: string | undefined;
  onClose: () => void;
}

const KIND_LABEL: Record<PursuitPartyKind, string> = { teaming_partner: 'teaming partner', competitor: 'competitor' };

/** Adds a recipient to a pursuit the user can edit, linked to its award data by UEI. */
export function AddToPursuitDialog({ partner, kind: initialKind, ownerId, onClose }: Props) {
  const pursuits = useEditablePursuits(ownerId, partner !== null);
  const add = useAddPursuitParty();
  const [pursuitId, setPursuitId] = useState<string | null>(null);
  const [kind, setKind] = useState<PursuitPartyKind>(initialKind);
  useEffect(() => {
    setKind(initialKind);
    setPursuitId(null);
  }, [partner, initialKind]);

  const submit = () => {
    if (!partner || !pursuitId) return;
    const title = pursuits.data?.find((p) => p.id === pursuitId)?.title ?? 'the pursuit';
    add.mutate(
      { pursuitId, body: { kind, uei: partner.uei } },
      {
        onSuccess: () => {
          toast.success(`${partner.name} added as ${KIND_LABEL[kind]} of ${title}`);
          onClose();
        },
        onError: (error) => toast.error('Failed to add to the pursuit', error),
      },
    );
  };

  return (
    <Modal opened={partner !== null} onClose={onClose} title={partner ? `Add ${partner.name} to a pursuit` : ''} centered>
      <Stack gap="sm">
        {pursuits.isError && <Alert color="red">{errorMessage(pursuits.error, 'Failed to load your pursuits')}</Alert>}
        {pursuits.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            You own no pursuit yet. Track an opportunity first; its capture owner can add partners to it.
          </Text>
        )}
        <Select
          label="Pursuit"
          placeholder={pursuits.isPending ? 'Loading…' : 'Choose a pursuit'}
          searchable
          data={(pursuits.data ?? []).map((p) => ({
            value: p.id,
            label: p.solicitation_number ? `${p.title} (${p.solicitation_number})` : p.title,
          }))}
          value={pursuitId}
          onChange={setPursuitId}
          data-autofocus
        />
        <Radio.Group label="Add as" value={kind} onChange={(v) => setKind(v as PursuitPartyKind)}>
          <Group mt={4}>
            <Radio value="teaming_partner" label="Teaming partner" />
            <Radio value="competitor" label="Competitor" />
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!pursuitId} loading={add.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
