import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';

/** Opportunity detail (SPEC §2). */
export function OpportunityDetailRoute() {
  const navigate = useNavigate();
  return (
    <>
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate('/')} mb="sm" px={0}>
        Back
      </Button>
      <PageHeader title="Opportunity" />
    </>
  );
}
