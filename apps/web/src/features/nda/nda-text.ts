import { NDA_SCROLL_THRESHOLD_PX } from '@biddesk/shared';

/** The scroll box measures the NDA screen reads. */
export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * True when the reader is within NDA_SCROLL_THRESHOLD_PX of the bottom, which includes text that
 * fits without scrolling (SPEC §2, §9).
 */
export function hasReachedEnd({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics, threshold = NDA_SCROLL_THRESHOLD_PX): boolean {
  return scrollHeight - scrollTop - clientHeight <= threshold;
}

/** The agreement text without a first-line heading that repeats the title already shown above it. */
export function withoutRepeatedTitle(bodyMarkdown: string, title: string): string {
  const match = /^\s*#{1,2}[ \t]+(.+?)[ \t]*\r?\n/.exec(bodyMarkdown);
  return match && match[1].trim().toLowerCase() === title.trim().toLowerCase() ? bodyMarkdown.slice(match[0].length) : bodyMarkdown;
}
