import { notifications, useNotifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** A toast shown this soon before a navigation announces it ("Login successful"), so it stays. */
const CARRIED_MS = 1_000;

/**
 * House rules for every toast, whoever shows it (issue 15): one at a time per kind (its colour:
 * success, error, warning, neutral) — a newer one replaces the older, so a failed-login error never
 * stays beside "Login successful" — and toasts left from the previous screen go when the route
 * changes. Their position (bottom centre, above the footer) is set on <Notifications> (toasts.css).
 */
export function ToastGuard() {
  const { notifications: shown } = useNotifications();
  const shownAt = useRef(new Map<string, number>());
  const { pathname } = useLocation();

  useEffect(() => {
    const now = Date.now();
    const newestByKind = new Map<string, string>();
    for (const n of shown) {
      const id = n.id!;
      if (!shownAt.current.has(id)) shownAt.current.set(id, now);
      newestByKind.set(String(n.color ?? 'default'), id);
    }
    for (const n of shown) {
      if (newestByKind.get(String(n.color ?? 'default')) !== n.id) notifications.hide(n.id!);
    }
    const live = new Set(shown.map((n) => n.id));
    for (const id of shownAt.current.keys()) if (!live.has(id)) shownAt.current.delete(id);
  }, [shown]);

  useEffect(() => {
    const now = Date.now();
    for (const [id, at] of shownAt.current) if (now - at > CARRIED_MS) notifications.hide(id);
    // Only on navigation: the toasts themselves are read through the ref.
  }, [pathname]);

  return null;
}
