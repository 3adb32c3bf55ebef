import { Typography } from '@mantine/core';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

/**
 * Renders generated markdown (tables included). Raw HTML in the text is not rendered, and the
 * output passes rehype-sanitize, so a model's answer cannot inject markup.
 */
export function MarkdownView({ content }: { content: string }) {
  return (
    <Typography className="markdown-view">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>
        {content}
      </ReactMarkdown>
    </Typography>
  );
}
