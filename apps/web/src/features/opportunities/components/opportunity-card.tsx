import { Badge } from '@mantine/core';
import type { OpportunitySummary } from '@biddesk/shared';
import { formatDate } from '@biddesk/shared';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DeadlineBadge } from '../../../components/ui/deadline-badge';
import { deadlineText } from '../deadline-text';
import { NoticeTypeBadge } from './notice-type-badge';
import classes from './opportunity-card.module.css';
import { SaveToggle } from './save-toggle';

/** "N notices" when a solicitation has amendments or updates (one card per solicitation). */
export function NoticeCount({ count }: { count: number }) {
  if (count <= 1) return null;
  return (
    <Badge variant="outline" color="gray" size="sm" radius="sm" tt="none" data-testid="notice-count">
      {count} notices
    </Badge>
  );
}

/**
 * One opportunity in the card view (SPEC §2: agency, urgency badge, saved toggle; issue 15: notice
 * type, posted date, NAICS/PSC, set-aside, due date and time as SAM gives it, a short summary).
 * Plain elements styled with Mantine's variables (opportunity-card.module.css) around the three
 * Mantine parts that do something (star, type and deadline badges): as Card, Stack, Group and Text
 * components, twenty cards were ~280 components and most of the time between the first page
 * arriving and the cards showing (issue 15: Sign In click to cards).
 * Memoised: the dashboard renders again as its other panels' data arrive, the cards only when
 * their row (or the save handler) changes.
 */
export const OpportunityCard = memo(function OpportunityCard({
  opportunity: o,
  onToggleSaved,
  renderTrack,
}: {
  opportunity: OpportunitySummary;
  onToggleSaved: (o: OpportunitySummary) => void;
  /** The pipeline's Track control (issue 26), given by the screen: features never import each other. */
  renderTrack?: (o: OpportunitySummary) => ReactNode;
}) {
  const codes = [o.naics && `NAICS ${o.naics}`, o.psc && `PSC ${o.psc}`].filter(Boolean).join(' · ');
  return (
    <div className={classes.card} data-testid="opportunity-card">
      <div className={`${classes.agency} ${classes.clamp1}`} data-testid="opportunity-agency">
        {o.agency ?? 'Unknown agency'}
      </div>
      {/* The title comes before the star, on screen and in Tab order: a keyboard user's first stop
          in a card opens it, Enter no longer saves it by accident (issue 21 item 5). */}
      <div className={`${classes.row} ${classes.top}`}>
        <Link to={`/opportunity/${o.id}`} className={`${classes.title} ${classes.clamp2}`} data-testid="opportunity-title">
          {o.title}
        </Link>
        <SaveToggle opportunity={o} onToggle={onToggleSaved} />
      </div>
      <div className={classes.badges}>
        <NoticeTypeBadge type={o.notice_type} />
        <NoticeCount count={o.notice_count} />
      </div>
      <div className={`${classes.dimmed} ${classes.clamp1}`}>{o.solicitation_number ?? 'No solicitation number'}</div>
      {o.summary && (
        <div className={`${classes.small} ${classes.dimmed} ${classes.clamp2}`} data-testid="opportunity-summary">
          {o.summary}
        </div>
      )}
      <div className={classes.small} data-testid="opportunity-facts">
        Posted {formatDate(o.posted_date)}
        {codes && ` · ${codes}`}
        {` · ${o.set_aside_description ?? (o.set_aside && o.set_aside !== 'NONE' ? o.set_aside : 'No set-aside')}`}
      </div>
      <div className={`${classes.row} ${classes.due}`}>
        <span data-testid="opportunity-due">Due {deadlineText(o)}</span>
        <DeadlineBadge dueDate={o.response_date} />
      </div>
      {renderTrack && <div className={classes.row}>{renderTrack(o)}</div>}
    </div>
  );
});
