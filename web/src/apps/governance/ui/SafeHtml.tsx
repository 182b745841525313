import DOMPurify from 'dompurify';

/** Server-written HTML (error descriptions, reference-check messages), sanitised before it reaches the page. */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`break-words [&_a]:underline [&_li]:ml-4 [&_ol]:list-decimal [&_ul]:list-disc ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify on the line below
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }}
    />
  );
}
