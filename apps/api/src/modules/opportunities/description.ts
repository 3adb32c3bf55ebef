import sanitizeHtml from 'sanitize-html';

/**
 * Makes description HTML safe to render: formatting, lists, tables and links survive; scripts,
 * styles, event handlers and foreign schemes do not. Links open in a new tab. Every path of
 * GET /sam-gov/description that returns text goes through it (fetched from SAM.gov or stored).
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'b',
      'strong',
      'i',
      'em',
      'u',
      'ul',
      'ol',
      'li',
      'a',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'blockquote',
      'pre',
      'span',
      'div',
      'hr',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  }).trim();
}

/** True when a stored description is SAM's noticedesc URL (or any URL): the text is still to be fetched. */
export function isDescriptionMarker(description: string | null): boolean {
  return !description || /^https?:\/\/\S+$/.test(description.trim());
}
