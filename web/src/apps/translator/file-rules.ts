import {
  CREDITLESS_METHODS,
  TRANSLATION_TYPES,
  type TranslationConfig,
  type TranslationFileType,
  type TranslationMethod,
} from '@hangar/contract';

/**
 * Spec section 5: when remaining credit is 0 or less pdf is not accepted and only the methods free
 * at zero credit are offered: GoogleTranslate, and the offline engine, which costs nothing outside
 * the portal (CREDITLESS_METHODS, the server's list too; issue 33 item 7).
 */
export const offeredWithoutCredit = (method: TranslationMethod) => CREDITLESS_METHODS.includes(method);

export function isOutOfCredit(remaining: number | null | undefined): boolean {
  return remaining !== null && remaining !== undefined && remaining <= 0;
}

/** The extension in lower case, without the dot; '' when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Spec section 5: dots in the file name other than the extension's become dashes, and the
 * extension is lowercased ("Q3.Report.v2.DOCX" -> "Q3-Report-v2.docx").
 */
export function normalizeFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return name.replaceAll('.', '-');
  return `${name.slice(0, dot).replaceAll('.', '-')}.${name.slice(dot + 1).toLowerCase()}`;
}

/** Spec section 7: the Content-Disposition name when the server sends one, else translated_ plus the original name. */
export function downloadName(fromServer: string | null | undefined, originalName: string): string {
  return fromServer?.trim() ? fromServer.trim() : `translated_${originalName}`;
}

/** The spec's order for the accepted types ("pptx, pdf, docx"). */
const SPEC_ORDER: readonly TranslationFileType[] = ['pptx', 'pdf', 'docx'];

/** Types the drop zone accepts now: the server's list in the spec's order, without pdf when out of credit. */
export function acceptedTypes(config: TranslationConfig | undefined, remaining: number | null | undefined): TranslationFileType[] {
  const served: readonly TranslationFileType[] = config?.available_types.length ? config.available_types : TRANSLATION_TYPES;
  const types = SPEC_ORDER.filter((type) => served.includes(type));
  return isOutOfCredit(remaining) ? types.filter((type) => type !== 'pdf') : types;
}

/** The methods offered for a file of this extension: the server's map, cut to CREDITLESS_METHODS when out of credit. */
export function methodsFor(
  config: TranslationConfig | undefined,
  extension: string,
  remaining: number | null | undefined,
): TranslationMethod[] {
  if (!config) return [];
  const allowed = config.map_options[extension] ?? [];
  return isOutOfCredit(remaining) ? allowed.filter(offeredWithoutCredit) : allowed;
}

export type FileCheck = { ok: true; file: File } | { ok: false; reason: 'count' | 'type' | 'empty' };

/** One file, of an accepted type (by extension; the server checks the content), not empty; renamed by the spec's rule. */
export function checkPickedFiles(files: readonly File[], accepted: readonly string[]): FileCheck {
  if (files.length !== 1) return { ok: false, reason: 'count' };
  const [file] = files as [File];
  if (!accepted.includes(extensionOf(file.name))) return { ok: false, reason: 'type' };
  if (file.size === 0) return { ok: false, reason: 'empty' };
  const name = normalizeFileName(file.name);
  return { ok: true, file: name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified }) };
}
