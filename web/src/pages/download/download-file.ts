import { fileNameFromUri } from '@hangar/contract';

export const DEFAULT_DOWNLOAD_NAME = 'doc.docx';

/** The server's Content-Disposition name wins; else the uri's last segment; else doc.docx. */
export function downloadFileName(uri: string, serverFileName: string | null): string {
  return serverFileName || fileNameFromUri(uri, DEFAULT_DOWNLOAD_NAME);
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
