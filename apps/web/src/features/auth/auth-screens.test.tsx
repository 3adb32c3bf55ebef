import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

describe('Sign in', () => {
  it('checks the fields before any call', async () => {
    const calls = stubApi({});
    renderApp('/login');
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('stores the session, says so and goes to the dashboard', async () => {
    const calls = stubApi({
      'POST /api/auth/login': () => ({ body: { token: 'tok-1', user: plainUser } }),
      'GET /api/auth/refresh-user': () => ({ body: plainUser }),
    });
    renderApp('/login');
    await userEvent.type(screen.getByLabelText(/Email/), 'uma@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(plainUser);
    expect(calls[0].body).toEqual({ email: 'uma@example.com', password: 'secret1' });
  });

  it('shows the server detail on failure and stays', async () => {
    stubApi({ 'POST /api/auth/login': () => ({ status: 401, body: { detail: 'Incorrect email or password' } }) });
    renderApp('/login');
    await userEvent.type(screen.getByLabelText(/Email/), 'uma@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Incorrect email or password')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('Create Account', () => {
  it('upper-cases the invite code as typed and always sends role user', async () => {
    const calls = stubApi({
      'POST /api/auth/register': () => ({ body: { token: 'tok-2', user: plainUser } }),
      'GET /api/auth/refresh-user': () => ({ body: plainUser }),
    });
    renderApp('/register');
    expect(screen.getByText('Registration is currently invite-only. Please enter your invite code below.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Invite Code/), 'abc12-xyz');
    expect(screen.getByLabelText(/Invite Code/)).toHaveValue('ABC12-XYZ');
    await userEvent.type(screen.getByLabelText(/Full Name/), 'Uma User');
    await userEvent.type(screen.getByLabelText(/^Email/), 'uma@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(calls[0].body).toEqual({
      invite_code: 'ABC12-XYZ',
      name: 'Uma User',
      email: 'uma@example.com',
      password: 'secret1',
      role: 'user',
    });
  });

  it('refuses a short password before any call', async () => {
    const calls = stubApi({});
    renderApp('/register');
    await userEvent.type(screen.getByLabelText(/Invite Code/), 'CODE');
    await userEvent.type(screen.getByLabelText(/Full Name/), 'Uma');
    await userEvent.type(screen.getByLabelText(/^Email/), 'uma@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('Reset password', () => {
  it('checks length and match before any call', async () => {
    const calls = stubApi({});
    renderApp('/reset-password/tok');
    await userEvent.type(screen.getByLabelText(/New Password/), '123');
    await userEvent.type(screen.getByLabelText(/Confirm Password/), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/New Password/));
    await userEvent.type(screen.getByLabelText(/New Password/), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends token and new password, then goes to /login', async () => {
    const calls = stubApi({ 'POST /api/auth/reset-password': () => ({ body: { message: 'ok' } }) });
    renderApp('/reset-password/the-token');
    await userEvent.type(screen.getByLabelText(/New Password/), 'long-enough');
    await userEvent.type(screen.getByLabelText(/Confirm Password/), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successful! Please login with your new password.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(calls[0].url).toBe('/api/auth/reset-password?token=the-token&new_password=long-enough');
  });
});

describe('Forgot password', () => {
  it('shows the confirmation even when the call fails', async () => {
    stubApi({ 'POST /api/auth/forgot-password': () => ({ status: 500, body: { detail: 'boom' } }) });
    renderApp('/forgot-password');
    await userEvent.type(screen.getByLabelText(/Email/), 'who@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Check Your Email')).toBeInTheDocument();
    expect(screen.getByText('who@example.com')).toBeInTheDocument();
    expect(screen.getByText('If that email exists, a reset link has been sent.')).toBeInTheDocument();
    expect(screen.getByText('The link expires in 1 hour.')).toBeInTheDocument();
  });
});

// Issue 25: the forms check with the schemas the server validates with (packages/shared), so they
// refuse what the server would, in its words, before any call (a one-letter top-level domain passed
// the old hand-written email pattern).
describe('auth forms check with the shared schemas', () => {
  it('Sign in refuses an email the server would refuse', async () => {
    const calls = stubApi({});
    renderApp('/login');
    await userEvent.type(screen.getByLabelText(/Email/), 'uma@example.c');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('Forgot password refuses an email the server would refuse', async () => {
    const calls = stubApi({});
    renderApp('/forgot-password');
    await userEvent.type(screen.getByLabelText(/Email/), 'uma@example.c');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('Create Account refuses an invite code the server would refuse, in its words', async () => {
    const calls = stubApi({});
    renderApp('/register');
    fireEvent.change(screen.getByLabelText(/Invite Code/), { target: { value: 'ABC\u0000' } });
    await userEvent.type(screen.getByLabelText(/Full Name/), 'Uma User');
    await userEvent.type(screen.getByLabelText(/^Email/), 'uma@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Invite code must not contain a NUL character')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('Reset password refuses a password longer than the server takes', async () => {
    const calls = stubApi({});
    renderApp('/reset-password/tok');
    fireEvent.change(screen.getByLabelText(/New Password/), { target: { value: 'x'.repeat(201) } });
    fireEvent.change(screen.getByLabelText(/Confirm Password/), { target: { value: 'x'.repeat(201) } });
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password is too long')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
