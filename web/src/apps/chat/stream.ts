import { AnswerEnd, CHAT_CREDIT_MARKER, CHAT_ERROR_MARKER } from '@hangar/contract';

/** What an answer stream has said so far. */
export interface AnswerSnapshot {
  /** The answer text. */
  text: string;
  /** A failure reported in-band after the answer started, when there was one. */
  error: string | null;
  /** The cost from the closing credit chunk; null until the stream ends with one. */
  credit: number | null;
  /** The chat title from the closing credit chunk; null when absent or blank. */
  title: string | null;
  /** The closing credit chunk was seen. */
  complete: boolean;
}

type Section = 'text' | 'error' | 'credit';

/** Length of the longest end of `buffer` that is the start of one of the markers. */
function pendingMarkerLength(buffer: string, markers: readonly string[]): number {
  let longest = 0;
  for (const marker of markers) {
    for (let length = Math.min(marker.length - 1, buffer.length); length > longest; length--) {
      if (buffer.endsWith(marker.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/**
 * Parses the classic chat stream (spec section 7): plain answer text; possibly the error marker
 * and a message; finally the credit marker and "{cost}##{title}". Markers may arrive split across
 * network chunks, so a tail that could begin a marker is held back until the next chunk decides.
 */
export class AnswerStreamParser {
  private section: Section = 'text';
  private held = '';
  private text = '';
  private error: string | null = null;
  private credit = '';

  push(chunk: string): AnswerSnapshot {
    let buffer = this.held + chunk;
    this.held = '';
    while (buffer) {
      if (this.section === 'credit') {
        this.credit += buffer;
        break;
      }
      const markers = this.section === 'text' ? [CHAT_CREDIT_MARKER, CHAT_ERROR_MARKER] : [CHAT_CREDIT_MARKER];
      let at = -1;
      let found = '';
      for (const marker of markers) {
        const index = buffer.indexOf(marker);
        if (index >= 0 && (at < 0 || index < at)) {
          at = index;
          found = marker;
        }
      }
      if (at < 0) {
        const keep = pendingMarkerLength(buffer, markers);
        this.append(buffer.slice(0, buffer.length - keep));
        this.held = buffer.slice(buffer.length - keep);
        break;
      }
      this.append(buffer.slice(0, at));
      this.section = found === CHAT_CREDIT_MARKER ? 'credit' : 'error';
      if (this.section === 'error') this.error ??= '';
      buffer = buffer.slice(at + found.length);
    }
    return this.snapshot();
  }

  /** The stream closed: whatever was held back was text after all. */
  end(): AnswerSnapshot {
    if (this.section === 'credit') this.credit += this.held;
    else this.append(this.held);
    this.held = '';
    return this.snapshot();
  }

  private append(part: string) {
    if (!part) return;
    if (this.section === 'text') this.text += part;
    else if (this.section === 'error') this.error = (this.error ?? '') + part;
  }

  private snapshot(): AnswerSnapshot {
    const complete = this.section === 'credit';
    let credit: number | null = null;
    let title: string | null = null;
    if (complete) {
      const separator = this.credit.indexOf('##');
      const costText = separator < 0 ? this.credit : this.credit.slice(0, separator);
      const cost = Number.parseFloat(costText.trim());
      credit = Number.isFinite(cost) ? cost : null;
      title = separator < 0 ? null : this.credit.slice(separator + 2).trim() || null;
    }
    const error = this.error === null ? null : this.error.trim() || null;
    return { text: this.text, error, credit, title, complete };
  }
}

/** Reads a text/plain body to its end, reporting each snapshot; returns the final one. */
export async function readAnswerStream(
  body: ReadableStream<Uint8Array>,
  onUpdate: (snapshot: AnswerSnapshot) => void,
): Promise<AnswerSnapshot> {
  const parser = new AnswerStreamParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onUpdate(parser.push(decoder.decode(value, { stream: true })));
    }
  } finally {
    reader.releaseLock();
  }
  parser.push(decoder.decode());
  return parser.end();
}

/**
 * Reads an answer's event stream (GET .../answers/{id}/stream): `text` events to append, then one
 * `end`. Returns the end, or null when the stream closed without one (the connection dropped).
 */
export async function readAnswerEvents(body: ReadableStream<Uint8Array>, onText: (text: string) => void): Promise<AnswerEnd | null> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let end: AnswerEnd | null = null;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
      for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trimStart();
        }
        if (event === 'text') onText(String((JSON.parse(data) as { text?: unknown }).text ?? ''));
        else if (event === 'end') end = AnswerEnd.parse(JSON.parse(data));
      }
    }
  } finally {
    reader.releaseLock();
  }
  return end;
}
