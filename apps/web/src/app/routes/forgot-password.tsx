import { Anchor, Button, List, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useForgotPassword } from '../../features/auth/api/auth-api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { checkEmail } from '../../lib/validation';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../lib/messages';

/** Request a reset link (SPEC §2); the confirmation shows on success and on any failure (SPEC §4). */
export function ForgotPasswordRoute() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: { email: checkEmail } });

  const handleSubmit = form.onSubmit(({ email }) => {
    const address = email.trim();
    forgot.mutate(address, {
      onSuccess: () => toast.success(MESSAGES.resetEmailSent),
      // SPEC §8: a failure is masked so the page never reveals whether an account exists.
      onError: () => toast.info(MESSAGES.resetLinkMaybeSent),
      onSettled: () => setSentTo(address),
    });
  });

  if (sentTo) {
    return (
      <AuthCard title="Check Your Email">
        <Stack gap="sm" align="flex-start">
          <ThemeIcon size="xl" radius="xl" variant="light" color="green">
            <IconMailCheck />
          </ThemeIcon>
          <Text size="sm">
            If an account exists for <b>{sentTo}</b>, we sent it a link to reset the password.
          </Text>
          <List size="sm" type="ordered" spacing={4}>
            <List.Item>Check your inbox and your spam folder.</List.Item>
            <List.Item>Click the reset link in the email.</List.Item>
            <List.Item>Create a new password.</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            The link expires in 1 hour.
          </Text>
          <Anchor component={Link} to="/login" size="sm">
            Back to Login
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your account's email and we will send you a reset link.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
          <Button type="submit" fullWidth disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
