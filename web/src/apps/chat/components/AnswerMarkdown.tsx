import { lazy, Suspense } from 'react';

const Markdown = lazy(() => import('./Markdown'));

/** An answer as the chat shows it (Markdown, loaded with the first answer), plain text until then. */
export function AnswerMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{text}</div>}>
      <Markdown text={text} />
    </Suspense>
  );
}
