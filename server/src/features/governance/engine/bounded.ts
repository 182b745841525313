// Messages stay readable whatever the file holds: a 5 MB header line must not become a 98,619-character error.

/** Longest value quoted in a message. */
export const MAX_VALUE_CHARS = 80;
/** Most items listed in one message. */
export const MAX_LISTED = 10;

export function clip(value: string, max = MAX_VALUE_CHARS): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** 'a, b, c and 12 more': at most `max` items, each clipped. */
export function someOf(items: readonly string[], max = MAX_LISTED): string {
  const shown = items.slice(0, max).map((i) => clip(i));
  return items.length > max ? `${shown.join(', ')} and ${(items.length - max).toLocaleString('en')} more` : shown.join(', ');
}
