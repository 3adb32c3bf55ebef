import { Title, Typography } from '@mantine/core';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

// Generated documents open with an h1; inside a dialog the page-sized headings are too loud.
const HEADINGS: Components = {
  h1: ({ children }) => <Title order={3}>{children}</Title>,
  h2: ({ children }) => <Title order={4}>{children}</Title>,
  h3: ({ children }) => <Title order={5}>{children}</Title>,
};

/**
 * Renders generated markdown (tables included). Raw HTML in the text is not rendered, and the
 * output passes rehype-sanitize, so a model's answer cannot inject markup.
 */
export function MarkdownView({ content }: { content: string }) {
  return (
    <Typography className="markdown-view">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={HEADINGS}>
        {content}
      </ReactMarkdown>
    </Typography>
  );
}
