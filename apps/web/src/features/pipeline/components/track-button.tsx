import { Anchor, Button } from '@mantine/core';
import { IconTargetArrow } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTrackOpportunity } from '../api/pursuits-api';
import { toast } from '../../../lib/toast';

interface Props {
  opportunityId: string;
  title: string;
  /** The stage the opportunity's pursuit is in; undefined while not tracked. */
  trackedStage?: string;
  size?: 'xs' | 'sm';
}

/**
 * Track on an opportunity (card, table row, detail; issue 26): puts it in the pipeline once, or,
 * when tracked, links to the pipeline with the stage it is in.
 */
export function TrackButton({ opportunityId, title, trackedStage, size = 'xs' }: Props) {
  const track = useTrackOpportunity();
  if (trackedStage !== undefined) {
    return (
      <Anchor
        component={Link}
        to="/pipeline"
        size={size}
        data-testid="tracked-link"
        aria-label={`${title}: in the pipeline, ${trackedStage}`}
      >
        Pipeline: {trackedStage}
      </Anchor>
    );
  }
  return (
    <Button
      size={size}
      variant="light"
      leftSection={<IconTargetArrow size={14} aria-hidden />}
      loading={track.isPending}
      aria-label={`Track ${title}`}
      data-testid="track-button"
      onClick={() =>
        track.mutate(opportunityId, {
          onSuccess: () => toast.success('Added to the pipeline'),
          onError: (error) => toast.error('Failed to track this opportunity', error),
        })
      }
    >
      Track
    </Button>
  );
}
