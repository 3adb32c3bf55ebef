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
