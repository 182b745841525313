import type { ChildProcess } from 'node:child_process';
import { AppError } from '../errors.ts';
import { spawnSandboxed } from '../sandbox.ts';

export interface ToolResult {
  stdout: string;
  stderr: string;
}

/** Which Debian package provides each command, for the "unavailable" message. */
const PACKAGES: Record<string, string> = {
  tesseract: 'tesseract-ocr',
  pdftoppm: 'poppler-utils',
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
  pocketsphinx_continuous: 'pocketsphinx pocketsphinx-en-us',
};

/**
 * Runs an external extractor (OCR, ffmpeg, PocketSphinx) in its own process, so a parser that
 * blows up cannot take the server with it: killed after the time limit, output capped; sandboxed
 * (platform/sandbox.ts: no network, none of the server's environment, address space capped at
 * `memoryMb`, 1 GB unless said), since the file it reads came from a user.
 */
export function runTool(
  command: string,
  args: string[],
  opts: { timeoutMs: number; maxOutputBytes?: number; signal?: AbortSignal; memoryMb?: number },
): Promise<ToolResult> {
  const max = opts.maxOutputBytes ?? 8 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawnSandboxed(command, args, { stdio: ['ignore', 'pipe', 'pipe'], memoryMb: opts.memoryMb });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let failure: Error | null = null;
    const { stop, release } = superviseChild(child, opts, (e) => {
      failure ??= e;
    });
    child.stdout!.on('data', (d: Buffer) => {
      size += d.length;
      if (size > max) stop(new AppError('PAYLOAD_TOO_LARGE', 'This file holds more text than the portal reads at once.'));
      else out.push(d);
    });
    child.stderr!.on('data', (d: Buffer) => {
      if (err.reduce((n, b) => n + b.length, 0) < 64 * 1024) err.push(d);
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      release();
      if (e.code === 'ENOENT') {
        reject(new AppError('UNAVAILABLE', `${command} is not installed on the server (Debian package ${PACKAGES[command] ?? command}).`));
      } else reject(e);
    });
    child.on('close', (code) => {
      release();
      if (failure) return reject(failure);
      const result = { stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
      if (code !== 0) return reject(Object.assign(new Error(`${command} exited with ${code}: ${result.stderr.slice(-500)}`), result));
      resolve(result);
    });
  });
}

/**
 * Kills a child process at the time limit or when the caller aborts, after telling `onStop` why;
 * `release` drops the timer and the abort listener once the child has ended.
 */
export function superviseChild(child: ChildProcess, opts: { timeoutMs: number; signal?: AbortSignal }, onStop: (e: Error) => void) {
  const stop = (e: Error) => {
    onStop(e);
    child.kill('SIGKILL');
  };
  const timer = setTimeout(
    () => stop(new AppError('UNAVAILABLE', 'Reading this file took too long: send a shorter or smaller file.')),
    opts.timeoutMs,
  );
  const onAbort = () => stop(new Error('aborted'));
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    stop,
    release: () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    },
  };
}
