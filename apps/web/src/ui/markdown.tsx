import { lazy, Suspense, type ComponentProps } from 'react';

const ReactMarkdown = lazy(() => import('react-markdown'));

/**
 * Markdown shown as React elements (react-markdown: raw HTML is never rendered, `javascript:`
 * links are dropped). The renderer and its parser (≈ 30 KB gzip) load when the first text shows,
 * not with the page; until then the text shows as written, in its place.
 */
export function Markdown(props: ComponentProps<typeof ReactMarkdown>) {
  return (
    <Suspense fallback={<p className="markdown-pending">{props.children}</p>}>
      <ReactMarkdown {...props} />
    </Suspense>
  );
}
