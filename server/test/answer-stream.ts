import { ANSWER_ID_HEADER, type AnswerEnd } from '@hangar/contract';

/** Asks the chat, reads the first chunk and leaves (a closed tab): answers the message id. */
export async function askAndLeave(baseUrl: string, token: string, sessionId: string, message = 'Write a long report'): Promise<number> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/secured_gpt/askstream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id: sessionId, message, model: 'gpt4' }),
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`askstream answered ${res.status}: ${await res.text()}`);
  const messageId = Number(res.headers.get(ANSWER_ID_HEADER));
  await res.body!.getReader().read();
  controller.abort();
  return messageId;
}

/** Reads an answer's event stream to its end. */
export async function followAnswer(baseUrl: string, token: string, messageId: number, onText?: (text: string) => void) {
  const res = await fetch(`${baseUrl}/api/secured_gpt/answers/${messageId}/stream`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) return { status: res.status, contentType: null, texts: [] as string[], text: '', end: null };
  const decoder = new TextDecoder();
  let raw = '';
  const texts: string[] = [];
  let end: AnswerEnd | null = null;
  for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
    raw += decoder.decode(part, { stream: true });
    for (let at = raw.indexOf('\n\n'); at >= 0; at = raw.indexOf('\n\n')) {
      const block = raw.slice(0, at);
      raw = raw.slice(at + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
      if (event === 'text') {
        texts.push(data.text);
        onText?.(data.text);
      }
      if (event === 'end') end = data;
    }
  }
  return { status: res.status, contentType: res.headers.get('content-type'), texts, text: texts.join(''), end };
}
