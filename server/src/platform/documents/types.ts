/** A piece of a document with where it comes from: a page (pdf, slide) or none (media, web page). */
export interface Section {
  /** 1-based page or slide; null when the source has no pages. */
  page: number | null;
  /** The heading above this text, when the source has headings. */
  heading: string | null;
  text: string;
}

export interface Extracted {
  sections: Section[];
  /** Pages as the response-time estimate counts them (at least 1). */
  pages: number;
  /** How the text was obtained, for the user: "text layer", "OCR", "speech (offline)"... */
  method: string;
  /** Audio or video length, when the source is media. */
  durationSeconds?: number;
  title?: string;
  /** Peak resident memory of the child process that read the file, when one did (pdf). */
  readerPeakMb?: number;
}

export interface ExtractOptions {
  timeoutMs: number;
  /** Working folder for temporary files; the caller removes it. */
  workDir: string;
  signal?: AbortSignal;
  /** Told as the work advances: units done out of total (null when unknown), and what is being done. */
  onProgress?: (done: number, total: number | null, stage: string) => void;
  /** pdfs from this size are read in a child process (default PDF_CHILD_FROM_BYTES); tests force it. */
  pdfInChildFromBytes?: number;
}

export const hasLetters = (text: string) => /\p{L}{2,}/u.test(text);
