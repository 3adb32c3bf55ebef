import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { safeRedirect } from '../../lib/safe-redirect';
import { useLogin } from '../../features/auth/api/auth-api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { useSession } from '../../lib/session-context';
import { LoginBodySchema } from '@biddesk/shared';
import { checkEmail, schemaCheck } from '../../lib/validation';
import { startDashboardCalls } from '../../features/opportunities/dashboard-prefetch';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../lib/messages';

/** Sign in (SPEC §2). */
export function LoginRoute() {
  const { signIn, sessionEnded } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: checkEmail, password: schemaCheck(LoginBodySchema.shape.password) },
  });
  const redirectTo = new URLSearchParams(location.search).get('redirect');

  const handleSubmit = form.onSubmit((values) => {
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: ({ token, user }) => {
          const target = safeRedirect(redirectTo);
          // One render for the new session and the new URL (the navigation is a transition): the
          // screen rendered behind this form is shown in one pass (issue 15: click to cards).
          // signIn stores the session at once; only the renders wait.
          startTransition(() => {
            signIn(token, user);
            void navigate(target, { replace: true });
          });
          // Asked for now, with the stored token, before any of those renders.
          startDashboardCalls(queryClient, target);
          toast.success(MESSAGES.loginSuccessful);
        },
        onError: (error) => toast.error(MESSAGES.loginFailed, error),
      },
    );
  });

  return (
    <AuthCard title="Sign in to your federal solicitation assistant" subtitle="Find solicitations, shred RFPs and write winning bids.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {sessionEnded && (
            <Alert color="yellow" variant="light" role="status">
              Your session ended because your password was changed. Please sign in again.
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
          <Text size="sm" ta="center">
            New to BidDesk?{' '}
            <Anchor component={Link} to="/register">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
