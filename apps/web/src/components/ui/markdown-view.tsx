import { Title, Typography } from '@mantine/core';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

const COMPONENTS: Components = {
  // Generated documents open with an h1; inside a dialog the page-sized headings are too loud.
  h1: ({ children }) => <Title order={3}>{children}</Title>,
  h2: ({ children }) => <Title order={4}>{children}</Title>,
  h3: ({ children }) => <Title order={5}>{children}</Title>,
  // Typography's link blue reads at 4.47:1 on a striped table row (#f9f9f9): one shade darker
  // keeps links in generated tables at AA, underlined so they are not told apart by colour alone.
  a: ({ node: _node, ...props }) => <a {...props} style={{ color: 'var(--mantine-color-blue-9)', textDecoration: 'underline' }} />,
  // A checklist item ("- [ ] ...") is a checkbox and its text: the label wraps both, so the box
  // is named by its item (axe: label, critical; issue 21 item 5).
  li: ({ node: _node, className, children, ...props }) => (
    <li className={className} {...props}>
      {className?.includes('task-list-item') ? <label>{children}</label> : children}
    </li>
  ),
};

/**
 * Renders generated markdown (tables included). Raw HTML in the text is not rendered, and the
 * output passes rehype-sanitize, so a model's answer cannot inject markup.
 */
export function MarkdownView({ content }: { content: string }) {
  return (
    <Typography className="markdown-view">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={COMPONENTS}>
        {content}
      </ReactMarkdown>
    </Typography>
  );
}
