/**
 * The JSON array in a model's answer: models asked for "only a JSON array" still wrap it in prose
 * or a code fence at times, so the outermost brackets are taken. Null when there is none or it does
 * not parse.
 */
export function jsonArrayIn(text: string): unknown {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end < start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}
