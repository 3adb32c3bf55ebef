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

/**
 * The agreement text without what the screen already shows above it: a first-line heading that
 * repeats the title, and then a "Version N" line of the same version (issue 21: "Version 1" twice).
 * Only the display: the accepted text and its fingerprint are the stored text, unchanged.
 */
export function withoutRepeatedTitle(bodyMarkdown: string, title: string, version?: number): string {
  const match = /^\s*#{1,2}[ \t]+(.+?)[ \t]*\r?\n/.exec(bodyMarkdown);
  const body = match && match[1].trim().toLowerCase() === title.trim().toLowerCase() ? bodyMarkdown.slice(match[0].length) : bodyMarkdown;
  if (version === undefined) return body;
  const line = /^\s*(?:\*\*|__)?Version[ \t]+(\d+)(?:\*\*|__)?[ \t]*(?:\r?\n|$)/i.exec(body);
  return line && Number(line[1]) === version ? body.slice(line[0].length) : body;
}
