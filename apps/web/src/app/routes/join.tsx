import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { REDIRECT_DELAY_MS } from '@biddesk/shared';
import { ApiError, errorMessage } from '../../lib/api-client';
import { loginPathFor } from '../../lib/safe-redirect';
import { useSession } from '../../lib/session-context';
import { useAcceptInviteByToken, useInviteDetails } from '../../features/invites/api/join';
import { INVALID_TITLES, InviteInvalid } from '../../features/invites/components/invite-invalid';
import { InviteDetailsCard } from '../../features/invites/components/invite-details-card';
import { JoinRegisterForm } from '../../features/invites/components/join-register-form';
import { NdaScreen } from '../../features/nda/components/nda-screen';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../lib/messages';

type Step = { kind: 'invite' } | { kind: 'register' } | { kind: 'nda'; workspaceId: string } | { kind: 'joined'; workspaceId: string };

/**
 * Invite acceptance (SPEC §2), public and outside the layout: the invite by token, then sign-in (or
 * an account for the invited email), acceptance, the NDA when the workspace requires it, and the
 * workspace after REDIRECT_DELAY_MS.
 */
export function JoinRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user, signIn } = useSession();
  const details = useInviteDetails(token);
  const accept = useAcceptInviteByToken();
  const [step, setStep] = useState<Step>({ kind: 'invite' });

  const joinedWorkspaceId = step.kind === 'joined' ? step.workspaceId : null;
  useEffect(() => {
    if (!joinedWorkspaceId) return;
    const timer = setTimeout(() => void navigate(`/workspace/${joinedWorkspaceId}`), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [joinedWorkspaceId, navigate]);

  const proceed = (workspaceId: string, ndaRequired: boolean) =>
    setStep(ndaRequired ? { kind: 'nda', workspaceId } : { kind: 'joined', workspaceId });

  const handleAccept = () => {
    if (!user) {
      toast.warning(MESSAGES.pleaseLogInToAcceptInvite);
      void navigate(loginPathFor(`/join/${token}`));
      return;
    }
    accept.mutate(token, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        proceed(answer.workspace_id, answer.nda_required);
      },
      onError: (err) => toast.error(MESSAGES.failedToAcceptInvite, err),
    });
  };

  return (
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Paper withBorder p="xl" radius="md" w="100%" maw={step.kind === 'nda' ? 820 : 560}>
        {renderBody()}
      </Paper>
    </Center>
  );

  function renderBody() {
    if (step.kind === 'nda') {
      return (
        <NdaScreen
          workspaceId={step.workspaceId}
          context={
            <Text size="sm">
              You have joined {details.data?.workspace_name ?? 'the workspace'}. Please accept this agreement to continue.
            </Text>
          }
          acceptErrorFallback={MESSAGES.failedToCompleteAcceptance}
          onAccepted={() => navigate(`/workspace/${step.workspaceId}`)}
          onDecline={() => navigate('/')}
        />
      );
    }
    if (step.kind === 'joined') {
      return (
        <Stack align="center" gap="xs" data-testid="invite-joined">
          <Title order={1} size="h3">
            Welcome aboard!
          </Title>
          <Text c="dimmed">Opening {details.data?.workspace_name ?? 'the workspace'}...</Text>
          <Loader size="sm" />
        </Stack>
      );
    }
    if (details.isPending) {
      return (
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed">Loading invite...</Text>
        </Stack>
      );
    }
    if (details.isError) {
      if (details.error instanceof ApiError && details.error.status === 404) {
        return <InviteInvalid title={INVALID_TITLES.NOT_FOUND} message={null} onDashboard={() => navigate('/')} />;
      }
      return (
        <InviteInvalid
          title={MESSAGES.failedToLoadInviteDetails}
          message={errorMessage(details.error, MESSAGES.pleaseTryAgainLater)}
          onDashboard={() => navigate('/')}
        />
      );
    }
    const invite = details.data;
    if (invite.status !== 'VALID') {
      return <InviteInvalid title={INVALID_TITLES[invite.status]} message={invite.message} onDashboard={() => navigate('/')} />;
    }
    if (step.kind === 'register' && !user) {
      return (
        <JoinRegisterForm
          token={token}
          email={invite.email}
          onRegistered={(answer) => {
            // The same session a sign-in stores (SPEC §1); the NDA acceptance below uses it.
            signIn(answer.token, answer.user);
            proceed(answer.workspace_id, answer.nda_required);
          }}
          onCancel={() => setStep({ kind: 'invite' })}
        />
      );
    }
    return (
      <InviteDetailsCard
        invite={invite}
        signedInEmail={user?.email ?? null}
        accepting={accept.isPending}
        onAccept={handleAccept}
        onDecline={() => navigate('/')}
        onCreateAccount={() => setStep({ kind: 'register' })}
      />
    );
  }
}
