import { spawnSync } from 'node:child_process';

let found: boolean | undefined;

/** Whether LibreOffice (soffice) is installed: docx pages are laid out by it, else estimated. */
export function sofficeAvailable(): boolean {
  found ??= spawnSync('soffice', ['--version'], { stdio: 'ignore', timeout: 20_000 }).status === 0;
  return found;
}
