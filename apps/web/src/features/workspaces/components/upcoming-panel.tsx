import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** An honest note for a part of the workspace that is not in this release (no pretend content). */
export function UpcomingPanel({ children }: { children: string }) {
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="upcoming-panel">
      {children}
    </Alert>
  );
}
