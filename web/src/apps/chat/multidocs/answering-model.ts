import type { ChatModel } from '../api';
import { FALLBACK_MODEL_ID } from '../constants';

/**
 * The model that answers in Multi Docs mode, picked as the server picks it (dual-stream.ts
 * pickModel): the spec's gpt4 when it can answer, else the offline assistant (issue 33: with no
 * provider configured the screen said "GPT 4o" while the offline assistant answered). Null while
 * the model list is not known.
 */
export function multidocsAnsweringModel(models: readonly ChatModel[] | undefined): ChatModel | null {
  if (!models) return null;
  return models.find((m) => m.id === FALLBACK_MODEL_ID && m.available) ?? models.find((m) => m.offline && m.available) ?? null;
}

/** Whether the list (once known) says this model can answer. */
export function canAnswer(id: string, models: readonly ChatModel[] | undefined): boolean {
  return !models || models.some((m) => m.id === id && m.available);
}
