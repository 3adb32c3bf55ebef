import { Alert, Box, Button, Card, Center, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { REDIRECT_DELAY_MS, formatDate } from '@biddesk/shared';
import { MarkdownView } from '../../../components/ui/markdown-view';
import { errorMessage } from '../../../lib/api-client';
import { useAcceptNda, useCurrentNda } from '../api/nda-api';
import { hasReachedEnd, withoutRepeatedTitle } from '../nda-text';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

export interface NdaScreenProps {
  workspaceId: string;
  /** A line above the agreement, such as the workspace it opens. */
  context?: ReactNode;
  /** Called REDIRECT_DELAY_MS after the acceptance is recorded. */
  onAccepted: () => void;
  onDecline: () => void;
  /** SPEC §8: "Failed to accept NDA" in the workspace, "Failed to complete acceptance" on the invite page. */
  acceptErrorFallback?: string;
}

/**
 * The NDA gate (SPEC §2): the agreement in a scroll box, an acknowledgement that unlocks only once
 * the reader reached the end (or the text fits), then Accept and Continue or Decline.
 */
export function NdaScreen({
  workspaceId,
  context,
  onAccepted,
  onDecline,
  acceptErrorFallback = MESSAGES.failedToAcceptNda,
}: NdaScreenProps) {
  const nda = useCurrentNda();
  const accept = useAcceptNda();
  const viewport = useRef<HTMLDivElement>(null);
  const [reachedEnd, setReachedEnd] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [accepted, setAccepted] = useState(false);

  // Once reached, the end stays reached: scrolling back up to re-read must not lock the box again.
  const checkEnd = useCallback(() => {
    if (viewport.current && hasReachedEnd(viewport.current)) setReachedEnd(true);
  }, []);

  useLayoutEffect(() => {
    if (!nda.data || !viewport.current) return;
    checkEnd();
    const observer = new ResizeObserver(checkEnd);
    observer.observe(viewport.current);
    return () => observer.disconnect();
  }, [nda.data, checkEnd]);

  useEffect(() => {
    if (!accepted) return;
    const timer = setTimeout(onAccepted, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [accepted, onAccepted]);

  const handleAccept = () => {
    if (!nda.data) return;
    accept.mutate(
      { workspaceId, ndaVersionId: nda.data.id },
      {
        onSuccess: () => {
          toast.success(MESSAGES.ndaAccepted);
          setAccepted(true);
        },
        onError: (err) => toast.error(acceptErrorFallback, err),
      },
    );
  };

  if (nda.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading NDA" />
      </Center>
    );
  }
  if (nda.isError) {
    return (
      <Card withBorder maw={760} mx="auto" data-testid="nda-screen">
        <Alert color="red" title={MESSAGES.failedToLoadNda}>
          {errorMessage(nda.error, 'The agreement could not be loaded. Please try again.')}
        </Alert>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onDecline}>
            Decline
          </Button>
          <Button onClick={() => nda.refetch()}>Try again</Button>
        </Group>
      </Card>
    );
  }

  const doc = nda.data;
  return (
    <Card withBorder maw={760} mx="auto" padding="lg" data-testid="nda-screen">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconFileCertificate size={28} />
          <Title order={1} size="h3">
            {doc.title}
          </Title>
        </Group>
        {context}
        <Text size="sm" c="dimmed" data-testid="nda-version">
          Version {doc.version} · Effective {formatDate(doc.effective_at)}
        </Text>
        <Box
          ref={viewport}
          onScroll={checkEnd}
          tabIndex={0}
          role="region"
          aria-label="NDA text"
          data-testid="nda-scroll"
          mah={420}
          p="md"
          style={{ overflowY: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <MarkdownView content={withoutRepeatedTitle(doc.body_markdown, doc.title, doc.version)} />
        </Box>
        {!reachedEnd && (
          <Text size="sm" c="orange" data-testid="nda-scroll-hint">
            Please scroll through the entire document to continue
          </Text>
        )}
        <Checkbox
          label="I have read and agree to the terms of this Non-Disclosure Agreement"
          data-testid="nda-acknowledge"
          disabled={!reachedEnd || accepted}
          checked={acknowledged}
          onChange={(e) => setAcknowledged(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDecline} disabled={accept.isPending || accepted}>
            Decline
          </Button>
          <Button onClick={handleAccept} disabled={!acknowledged || accepted} loading={accept.isPending}>
            Accept and Continue
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
