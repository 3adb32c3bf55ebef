import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { errorMessage } from './api-client';

/**
 * The colour each kind of toast has always had. ToastGuard keeps one toast per colour (a newer one
 * replaces the older), and the theme's contrast fix keys on it, so the kind is the colour.
 */
const KIND_COLOR = {
  success: 'green',
  error: 'red',
  /** The person must do something first, or wait ("Please choose a CSV file"). */
  warning: 'yellow',
  info: 'blue',
  /** Nothing happened and nothing is wrong ("No gate ahead of this pursuit"). */
  neutral: 'gray',
  /** Something of the person's changed under them (an amendment that touched their tasks). */
  attention: 'orange',
} as const;

export type ToastKind = keyof typeof KIND_COLOR;

export interface ToastOptions {
  /** A bold first line, for toasts that report a finished job ("Import complete"). */
  title?: string;
}

function show(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): void {
  notifications.show({ color: KIND_COLOR[kind], ...(options.title === undefined ? {} : { title: options.title }), message });
}

/**
 * The one way the app shows a toast (eslint keeps `notifications` out of everything else).
 * `toast.error(fallback, error)` shows the server's detail when it sent one, else the fallback (SPEC §7).
 */
export const toast = {
  show,
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (fallback: string, error?: unknown, options?: ToastOptions) =>
    show('error', error === undefined ? fallback : errorMessage(error, fallback), options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  neutral: (message: ReactNode, options?: ToastOptions) => show('neutral', message, options),
};
