import {
  formatResponseTime,
  MULTIDOCS_NAME_MAX_SHOWN,
  type MultidocsCitation,
  multidocsFileKind,
  responseTimeEstimate,
} from '@hangar/contract';
import { ApiError } from '../../../api/errors';

/** One attachment of the multimodal composer. */
export interface Attachment {
  id: string;
  name: string;
  status: 'pending' | 'uploaded' | 'failed';
  /** Set once uploaded. */
  uri?: string;
  pages?: number;
  additionalTime?: number;
  /** While the server reads a pending file (its extraction job): share done (0 to 1) if known, and what it does. */
  progress?: number | null;
  stage?: string | null;
  /** Failed: why, in the server's words (issue 33: the chip says why, not only "failed"). */
  error?: string;
  /** Uploaded: whether the next question is asked over it (issue 33: "Select one or all file"); new ones are. */
  selected?: boolean;
}

/** The attachments the next question is asked over: uploaded and selected. */
export function usedAttachments<T extends Attachment>(attachments: readonly T[]): T[] {
  return attachments.filter((a) => a.status === 'uploaded' && a.selected !== false);
}

/** Why an upload or a link failed, as the chip says it: the server's sentence, else a plain one. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return 'It could not be sent: check your connection and try again.';
}

/** What a pending chip says once the server reads the file in the background: "Transcribing… · 40%". */
export function pendingLabel(a: Pick<Attachment, 'progress' | 'stage'>): string | null {
  if (a.stage == null && a.progress == null) return null;
  const percent = a.progress == null ? '' : `${Math.round(a.progress * 100)}%`;
  return [a.stage, percent].filter(Boolean).join(' · ');
}

/** What the composer holds besides its text. */
export interface ComposerState {
  text: string;
  attachments: readonly Attachment[];
  recording: boolean;
  transcribing: boolean;
}

/** Names longer than the spec's limit end in an ellipsis so the chip keeps its width. */
export function shownName(name: string): string {
  return name.length > MULTIDOCS_NAME_MAX_SHOWN ? `${name.slice(0, MULTIDOCS_NAME_MAX_SHOWN)}…` : name;
}

/** Spec: send needs text, and no pending attachment, no recording, no transcript in progress. */
export function sendBlockedReason(state: ComposerState): string | null {
  if (state.attachments.some((a) => a.status === 'pending')) return 'Wait for the files to finish uploading';
  if (state.recording) return 'Stop the recording first';
  if (state.transcribing) return 'Wait for the transcript';
  if (state.attachments.some((a) => a.status === 'uploaded') && usedAttachments(state.attachments).length === 0)
    return 'Select one or all files to ask about';
  if (!state.text.trim()) return 'Ask a question';
  return null;
}

/** Pages of the attachments the question is asked over. */
export function totalPages(attachments: readonly Attachment[]): number {
  return usedAttachments(attachments).reduce((sum, a) => sum + (a.pages ?? 0), 0);
}

/** The composer's "≈ 15 s" label, from the contract's estimate, for the attachments the question is asked over. */
export function estimateLabel(attachments: readonly Attachment[], conversationExtraSeconds = 0): string {
  const extra = usedAttachments(attachments).reduce((sum, a) => sum + (a.additionalTime ?? 0), 0);
  return formatResponseTime(responseTimeEstimate(totalPages(attachments), extra, conversationExtraSeconds));
}

/** Splits picked, dropped or pasted files into the accepted ones and whether any was refused. */
export function acceptFiles(files: readonly File[]): { accepted: File[]; refused: boolean } {
  const accepted = files.filter((f) => multidocsFileKind(f.name, f.type) !== null);
  return { accepted, refused: accepted.length !== files.length };
}

/**
 * Where a cited passage is: its page, else the section heading it sits under (a docx has no pages:
 * issue 33), else the file's name. The server's preview says the same (answer.ts placeLabel).
 */
export function citationPlace(c: Pick<MultidocsCitation, 'name' | 'page' | 'heading'>): string {
  if (c.page) return `${c.name}, page ${c.page}`;
  const heading = c.heading?.trim();
  if (heading && heading.toLowerCase() !== c.name.trim().toLowerCase()) return `${c.name}, section '${heading}'`;
  return c.name;
}

/** Where a citation leads: the portal's PDF viewer at the page for documents, the address for links. */
export function citationHref(c: MultidocsCitation): string | null {
  if (c.url) return c.url;
  if (c.removed) return null;
  if (c.page === null) return null;
  return `/pdf?${new URLSearchParams({ uri: c.uri, page: String(c.page) }).toString()}`;
}
