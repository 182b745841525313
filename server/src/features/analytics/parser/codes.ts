// Codes in a question: values of a breakdown written as codes are ("U2", "T1-DF-01", "P3"), told
// from words by how they are written. A code is never guessed from a word in lower case.

const escapeDash = (text: string) => text.replace(/[-]/g, '\\-');

/** A code as the question wrote it, when written as a code is (capitals and digits: "U2", "T1-DF-01"), else null. */
export function codeAsWritten(question: string, word: string): string | null {
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(word)) return null;
  const written = new RegExp(`(?<![A-Za-z0-9_-])(${escapeDash(word)})(?![A-Za-z0-9_-])`, 'i').exec(question.normalize('NFKC'))?.[1];
  return written && /^[A-Z0-9][A-Z0-9_-]*$/.test(written) && /[A-Z]/.test(written) ? written : null;
}

/**
 * A code standing alone ("what share came from T1-DF-01"): two to four capitals, or capitals with
 * digits or dashes. Longer words in capitals are words shouted, not codes.
 */
export function bareCode(question: string, word: string): string | null {
  const code = codeAsWritten(question, word);
  if (!code) return null;
  return /[0-9_-]/.test(code) || (code.length >= 2 && code.length <= 4) ? code : null;
}
