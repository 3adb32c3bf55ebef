import { Button, Group, List, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** What will go with it, listed so the person knows before confirming (SPEC §5). */
  consequences?: string[];
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The one confirmation dialog for destructive actions. */
export function ConfirmDialog({ opened, title, message, consequences, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{message}</Text>
      {consequences && consequences.length > 0 && (
        <List size="sm" mt="sm" spacing={4}>
          {consequences.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
