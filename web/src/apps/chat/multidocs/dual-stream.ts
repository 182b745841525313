import { MULTIDOCS_SEND_ERROR, type MultidocsCitation, MultidocsEvent } from '@hangar/contract';

/** What the dual stream has said so far: the preview above, the answer below. */
export interface DualStreamState {
  preview: string;
  answer: string;
  citations: MultidocsCitation[];
  /** Errors shown to the user; the spec's text, since server details mean nothing to them. */
  previewError: string | null;
  answerError: string | null;
  credit: number | null;
  title: string | null;
  /** total_credit arrived: the loading flag clears (spec section 4). */
  done: boolean;
}

export const emptyDualStream = (): DualStreamState => ({
  preview: '',
  answer: '',
  citations: [],
  previewError: null,
  answerError: null,
  credit: null,
  title: null,
  done: false,
});

/** Applies one event; unknown or malformed lines leave the state as it was. */
export function applyEvent(state: DualStreamState, event: MultidocsEvent): DualStreamState {
  const text = typeof event.content === 'string' ? event.content : '';
  switch (event.type) {
    case 'preview_chunk':
      return { ...state, preview: state.preview + text };
    case 'preview_end':
      return { ...state, citations: event.citations ?? state.citations };
    case 'ask_chunk':
      return { ...state, answer: state.answer + text };
    case 'ask_end':
      return { ...state, title: event.title?.trim() || state.title };
    case 'total_credit': {
      const credit = Number(event.content);
      return { ...state, credit: Number.isFinite(credit) ? credit : null, done: true };
    }
    case 'preview_error':
      return { ...state, previewError: MULTIDOCS_SEND_ERROR };
    case 'ask_error':
    case 'global_error':
      return { ...state, answerError: MULTIDOCS_SEND_ERROR };
    case 'stream_complete':
      return { ...state, done: true };
    default:
      return state;
  }
}

/** Reads `data:` lines that may be split anywhere across network chunks. */
export class DualStreamParser {
  private held = '';
  state: DualStreamState = emptyDualStream();

  push(chunk: string): DualStreamState {
    const lines = (this.held + chunk).split('\n');
    this.held = lines.pop() ?? '';
    for (const line of lines) this.line(line);
    return this.state;
  }

  end(): DualStreamState {
    if (this.held) this.line(this.held);
    this.held = '';
    return this.state;
  }

  private line(raw: string) {
    const line = raw.trim();
    if (!line.startsWith('data:')) return;
    let json: unknown;
    try {
      json = JSON.parse(line.slice(5));
    } catch {
      return;
    }
    const parsed = MultidocsEvent.safeParse(json);
    if (parsed.success) this.state = applyEvent(this.state, parsed.data);
  }
}

/** Reads a dual-stream response body, reporting each new state. */
export async function readDualStream(body: ReadableStream<Uint8Array>, onState: (s: DualStreamState) => void) {
  const parser = new DualStreamParser();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    onState(parser.push(decoder.decode(value, { stream: true })));
  }
  const final = parser.end();
  onState(final);
  return final;
}
