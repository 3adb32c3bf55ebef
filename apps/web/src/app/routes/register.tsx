import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useRegister } from '../../features/auth/api/auth-api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { useSession } from '../../lib/session-context';
import { RegisterBodySchema } from '@biddesk/shared';
import { checkEmail, checkNewPassword, checkRequired, schemaCheck } from '../../lib/validation';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../lib/messages';

/** Create Account (SPEC §2): invite-only registration. */
export function RegisterRoute() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm({
    initialValues: { invite_code: '', name: '', email: '', password: '' },
    validate: {
      invite_code: schemaCheck(RegisterBodySchema.shape.invite_code),
      name: checkRequired('Full name'),
      email: checkEmail,
      password: checkNewPassword,
    },
    // SPEC §5: the code is upper-cased as typed.
    transformValues: (v) => ({ ...v, invite_code: v.invite_code.trim().toUpperCase(), name: v.name.trim(), email: v.email.trim() }),
  });

  const handleSubmit = form.onSubmit((values) => {
    register.mutate(values, {
      onSuccess: ({ token, user }) => {
        signIn(token, user);
        toast.success(MESSAGES.registrationSuccessful);
        void navigate('/', { replace: true });
      },
      onError: (error) => toast.error(MESSAGES.registrationFailed, error),
    });
  });

  return (
    <AuthCard title="Create Account">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
        Registration is currently invite-only. Please enter your invite code below.
      </Alert>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Invite Code"
            required
            autoComplete="off"
            styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: 1 } }}
            {...form.getInputProps('invite_code')}
            onChange={(e) => form.setFieldValue('invite_code', e.currentTarget.value.toUpperCase())}
          />
          <TextInput label="Full Name" required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            required
            autoComplete="new-password"
            description="At least 6 characters"
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth disabled={register.isPending}>
            {register.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign In
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
