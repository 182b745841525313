/** A new chat id: 32 hex characters, inside the contract's 6-64 of [A-Za-z0-9_-]. */
export function newChatId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
