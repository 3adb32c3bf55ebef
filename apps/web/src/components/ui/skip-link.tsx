import type { ReactNode } from 'react';
import classes from './skip-link.module.css';

/**
 * A link, shown only while it has keyboard focus, that moves focus to the element `targetId` (which
 * must take focus: `tabIndex={-1}`), so keyboard users pass the header, the navigation or a form in
 * one Tab and Enter (WCAG 2.4.1; issue 21 item 5). It focuses the target itself rather than
 * following `#id`, which would put the fragment in the app's URL.
 */
export function SkipLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  return (
    <a
      href={`#${targetId}`}
      className={classes.skipLink}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    >
      {children}
    </a>
  );
}

/** The class for an element a SkipLink targets (no focus ring on the region itself). */
export const skipTargetClass = classes.target;
