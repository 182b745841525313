/**
 * One interface for every translation engine. Segments are HTML fragments whose formatting runs
 * are `<span data-r="N">` (see platform/office/paragraphs.ts); an engine returns one fragment per
 * segment, in order, keeping the spans it can. Cloud document services may instead take a whole file.
 */
export interface TranslateRequest {
  segments: string[];
  /** Lower-case ISO 639-1 codes ('en', 'fr'...); source null = let the engine detect it. */
  source: string | null;
  target: string;
  signal?: AbortSignal;
  /** Called with the share done, 0..1, for long batches. */
  onProgress?: (done: number) => void;
}

export interface SegmentEngine {
  kind: 'segments';
  translate(request: TranslateRequest): Promise<string[]>;
}

export interface DocumentEngine {
  kind: 'document';
  translateDocument(input: {
    bytes: Buffer;
    fileName: string;
    source: string | null;
    target: string;
    signal?: AbortSignal;
    onProgress?: (done: number) => void;
  }): Promise<Buffer>;
}

export type TranslationEngine = SegmentEngine | DocumentEngine;

/** The engine failed or answered nothing usable: the job ends with the spec's error text. */
export class EngineError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** Fails when the engine returned fewer segments than it was given, or only empty ones for non-empty input. */
export function checkSegments(input: string[], output: string[], engine: string): string[] {
  if (output.length !== input.length) throw new EngineError(`${engine} returned ${output.length} segments for ${input.length}`);
  if (input.some((s) => s.trim()) && output.every((s) => !s.trim())) throw new EngineError(`${engine} returned empty text`);
  return output;
}

/** Cuts a list into batches whose total text stays under maxChars (a single long segment is a batch alone). */
export function batches(segments: string[], maxChars: number, maxCount = Number.POSITIVE_INFINITY): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let size = 0;
  segments.forEach((s, i) => {
    if (current.length && (size + s.length > maxChars || current.length >= maxCount)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(i);
    size += s.length;
  });
  if (current.length) out.push(current);
  return out;
}
