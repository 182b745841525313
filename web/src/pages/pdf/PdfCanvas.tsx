import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from './pdfjs';

interface PdfCanvasProps {
  document: PDFDocumentProxy;
  pageNumber: number;
}

/** Renders one page at the width of its container (at most 1.75x the page's natural size). */
export function PdfCanvas({ document: pdf, pageNumber }: PdfCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    let cancelled = false;
    let cancelRender: (() => void) | undefined;
    setFailed(false);
    pdf
      .getPage(pageNumber)
      .then((page) => {
        if (cancelled) return;
        const natural = page.getViewport({ scale: 1 });
        const scale = Math.min(width / natural.width, 1.75);
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        const task = page.render({ canvas, viewport });
        cancelRender = () => task.cancel();
        return task.promise;
      })
      .catch((error: unknown) => {
        // A superseded render is cancelled on purpose; anything else is a real failure.
        if (!cancelled && (error as { name?: string })?.name !== 'RenderingCancelledException') setFailed(true);
      });
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [pdf, pageNumber, width]);

  return (
    <div ref={containerRef} className="flex w-full justify-center">
      {failed ? (
        <p role="alert" className="py-20 text-fg-muted">
          This page could not be displayed.
        </p>
      ) : (
        <canvas ref={canvasRef} aria-label={`Page ${pageNumber}`} className="rounded-sm bg-white shadow-lg" />
      )}
    </div>
  );
}
