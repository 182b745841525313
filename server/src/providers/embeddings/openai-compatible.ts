/** What turns text into vectors for Multi Docs' hybrid search; null when none is configured. */
export interface Embedder {
  model: string;
  /** One vector per text, in order. Throws on any failure: callers fall back to full-text search. */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface EmbeddingConfig {
  MULTIDOCS_EMBEDDING_URL?: string;
  MULTIDOCS_EMBEDDING_MODEL: string;
  MULTIDOCS_EMBEDDING_KEY?: string;
}

/** Inputs per request: OpenAI takes up to 2,048; smaller batches keep one slow call short. */
const BATCH = 64;
/** A passage is at most 1,200 characters; longer inputs are cut (an embedding model has a token limit). */
const MAX_INPUT_CHARS = 8000;
const TIMEOUT_MS = 30_000;

/**
 * An OpenAI-compatible embeddings API (OpenAI, Azure's compatible endpoint, vLLM, Ollama, llama.cpp,
 * text-embeddings-inference): POST {url}/embeddings with { model, input: string[] }, answered by
 * { data: [{ index, embedding }] }.
 */
export function createEmbedder(config: EmbeddingConfig): Embedder | null {
  if (!config.MULTIDOCS_EMBEDDING_URL) return null;
  const endpoint = `${config.MULTIDOCS_EMBEDDING_URL.replace(/\/+$/, '')}/embeddings`;
  const model = config.MULTIDOCS_EMBEDDING_MODEL;
  async function batch(input: string[], signal?: AbortSignal): Promise<number[][]> {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.MULTIDOCS_EMBEDDING_KEY ? { authorization: `Bearer ${config.MULTIDOCS_EMBEDDING_KEY}` } : {}),
      },
      body: JSON.stringify({ model, input: input.map((t) => t.slice(0, MAX_INPUT_CHARS)) }),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`embeddings endpoint answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const body = (await res.json()) as { data?: { index?: number; embedding?: unknown }[] };
    const out: number[][] = new Array(input.length);
    for (const [i, item] of (body.data ?? []).entries()) {
      const at = item.index ?? i;
      if (!Array.isArray(item.embedding) || !item.embedding.every((x) => typeof x === 'number')) {
        throw new Error('embeddings endpoint answered something that is not a list of numbers');
      }
      out[at] = item.embedding as number[];
    }
    if (out.length !== input.length || out.some((v) => !v)) throw new Error('embeddings endpoint answered fewer vectors than inputs');
    return out;
  }
  return {
    model,
    async embed(texts, signal) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += BATCH) out.push(...(await batch(texts.slice(i, i + BATCH), signal)));
      return out;
    },
  };
}

/** Cosine similarity; 0 when the lengths differ (vectors of another model) or either is all zeros. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || !a.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
