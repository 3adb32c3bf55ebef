import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import { useResetPassword } from '../../features/auth/api/auth-api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { checkNewPassword, checkSamePassword } from '../../lib/validation';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../lib/messages';

/** Set a new password with the token from the mailed link (SPEC §2). */
export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    // SPEC §5: both checks run before any call.
    validate: {
      password: checkNewPassword,
      confirm: (value, values) => checkSamePassword(value, values.password),
    },
  });

  const handleSubmit = form.onSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(MESSAGES.resetSuccessful);
          void navigate('/login', { replace: true });
        },
        onError: (error) => toast.error(MESSAGES.resetFailed, error),
      },
    );
  });

  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password of at least 6 characters.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput label="New Password" required autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput label="Confirm Password" required autoComplete="new-password" {...form.getInputProps('confirm')} />
          <Button type="submit" fullWidth disabled={reset.isPending}>
            {reset.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
