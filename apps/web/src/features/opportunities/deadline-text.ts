import { formatDeadline } from '@biddesk/shared';

/** The response deadline as SAM states it (time and UTC offset when SAM gave them). */
export function deadlineText(o: { response_date: string | null; response_time_zone: string | null }): string {
  return o.response_date ? formatDeadline(o.response_date, o.response_time_zone) : 'No deadline stated';
}
