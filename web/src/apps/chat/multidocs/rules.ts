import {
  formatResponseTime,
  MULTIDOCS_NAME_MAX_SHOWN,
  type MultidocsCitation,
  multidocsFileKind,
  responseTimeEstimate,
} from '@hangar/contract';

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
  if (!state.text.trim()) return 'Ask a question';
  return null;
}

export function totalPages(attachments: readonly Attachment[]): number {
  return attachments.reduce((sum, a) => sum + (a.status === 'uploaded' ? (a.pages ?? 0) : 0), 0);
}

/** The composer's "≈ 15 s" label, from the contract's estimate. */
export function estimateLabel(attachments: readonly Attachment[], conversationExtraSeconds = 0): string {
  const extra = attachments.reduce((sum, a) => sum + (a.status === 'uploaded' ? (a.additionalTime ?? 0) : 0), 0);
  return formatResponseTime(responseTimeEstimate(totalPages(attachments), extra, conversationExtraSeconds));
}

/** Splits picked, dropped or pasted files into the accepted ones and whether any was refused. */
export function acceptFiles(files: readonly File[]): { accepted: File[]; refused: boolean } {
  const accepted = files.filter((f) => multidocsFileKind(f.name, f.type) !== null);
  return { accepted, refused: accepted.length !== files.length };
}

/** Where a citation leads: the portal's PDF viewer at the page for documents, the address for links. */
export function citationHref(c: MultidocsCitation): string | null {
  if (c.url) return c.url;
  if (c.removed) return null;
  if (c.page === null) return null;
  return `/pdf?${new URLSearchParams({ uri: c.uri, page: String(c.page) }).toString()}`;
}
