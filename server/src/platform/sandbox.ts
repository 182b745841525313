import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Outside programs (LibreOffice, Tesseract, pdftoppm, ffmpeg, PocketSphinx, Apertium, the pdf
 * reader's process) read files users sent, so they run as untrusted: without network (a document's
 * linked image made soffice send requests to any address the server can reach, a blind SSRF), with
 * none of the server's environment (its database URL and API keys), and with an address-space cap.
 *
 * No network: `unshare --net` (a fresh network namespace, where nothing is reachable, not even
 * loopback) needs root or CAP_SYS_ADMIN; otherwise `unshare --map-root-user --net` needs unprivileged
 * user namespaces. Probed once per process. Where neither works the program runs with the server's
 * network, and the log says so once.
 */

export type Isolation = 'netns' | 'userns' | 'none';

/** What the probe found: the commands put in front of the program. */
interface Probe {
  isolation: Isolation;
  /** `unshare` and its flags, or nothing. */
  net: string[];
  /** How the address-space cap is set: prlimit, a shell's ulimit, or not at all. */
  limit: 'prlimit' | 'ulimit' | 'none';
  prlimit?: string;
  shell?: string;
}

export interface SandboxOptions {
  /**
   * Address-space cap (RLIMIT_AS) in MB; null for none (a V8 process reserves far more address
   * space than it uses: cap its heap with --max-old-space-size instead).
   */
  memoryMb?: number | null;
  /** The child's HOME; without it, a fresh empty directory, removed when the child has ended. */
  home?: string;
}

export const DEFAULT_MEMORY_MB = 1024;
const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';
/** Passed through: where things are and how many threads, never credentials. */
const PASS_THROUGH = ['TMPDIR', 'TESSDATA_PREFIX', 'OMP_THREAD_LIMIT', 'NODE_COMPILE_CACHE'];

let probed: Probe | undefined;
let warned = false;

/** The child's whole environment: PATH, HOME, LANG and the few variables above. */
export function minimalEnv(home: string): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH || DEFAULT_PATH, HOME: home, LANG: 'C.UTF-8' };
  for (const name of PASS_THROUGH) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

/** The program's absolute path on PATH, or null when it is not installed. */
function which(command: string, pathVar: string): string | null {
  const candidates = command.includes('/') ? [command] : pathVar.split(':').map((dir) => path.join(dir || '.', command));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

function probe(): Probe {
  const pathVar = process.env.PATH || DEFAULT_PATH;
  const env = { PATH: pathVar, LANG: 'C' };
  const works = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore', timeout: 10_000, env }).status === 0;
  const unshare = which('unshare', pathVar);
  const tru = which('true', pathVar) ?? '/bin/true';
  let isolation: Isolation = 'none';
  let net: string[] = [];
  if (unshare && works(unshare, ['--net', '--', tru])) [isolation, net] = ['netns', [unshare, '--net', '--']];
  else if (unshare && works(unshare, ['--map-root-user', '--net', '--', tru])) {
    [isolation, net] = ['userns', [unshare, '--map-root-user', '--net', '--']];
  }
  const prlimit = which('prlimit', pathVar);
  if (prlimit && works(prlimit, [`--as=${DEFAULT_MEMORY_MB * 1024 * 1024}`, '--', tru]))
    return { isolation, net, limit: 'prlimit', prlimit };
  const shell = which('sh', pathVar);
  if (shell && works(shell, ['-c', `ulimit -v ${DEFAULT_MEMORY_MB * 1024}`])) return { isolation, net, limit: 'ulimit', shell };
  return { isolation, net, limit: 'none' };
}

function current(): Probe {
  probed ??= probe();
  if (!warned && (probed.isolation === 'none' || probed.limit === 'none')) {
    warned = true;
    if (probed.isolation === 'none') {
      console.warn(
        'SECURITY: document converters (LibreOffice, Tesseract, ffmpeg, Apertium...) run WITH network access: ' +
          '`unshare --net` and `unshare --map-root-user --net` are not permitted here, so a crafted document can make ' +
          'the server send requests. Fix: run the server as root or grant it CAP_SYS_ADMIN, or enable unprivileged ' +
          'user namespaces (`unshare -rn true` must succeed for the server user).',
      );
    }
    if (probed.limit === 'none') console.warn('Document converters run without a memory cap: neither prlimit nor `ulimit -v` works here.');
  }
  return probed;
}

/** How outside programs are kept off the network on this machine (probed on the first call). */
export function sandboxIsolation(): Isolation {
  return current().isolation;
}

/** Tests only: pretend the probe found `isolation` (null: probe again). */
export function overrideIsolationForTests(isolation: Isolation | null): void {
  if (isolation === null) {
    probed = undefined;
    warned = false;
    return;
  }
  const real = probe();
  probed = { ...real, isolation, net: isolation === 'none' ? [] : real.net };
  warned = false;
}

export interface Sandboxed {
  /** What to spawn (a wrapper, or the program itself) and its arguments. */
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Removes the HOME made for this run (if one was made); safe to call more than once. */
  cleanup: () => void;
}

/**
 * The same program, run without network, with a minimal environment and an address-space cap:
 * `prlimit --as=… -- unshare --net -- /usr/bin/program args…`. Every wrapper replaces itself with
 * the next (exec), so the spawned pid is the program's and a kill at the time limit reaches it.
 * A program that is not installed is spawned bare, so the caller still gets ENOENT.
 */
export function sandboxed(command: string, args: string[], opts: SandboxOptions = {}): Sandboxed {
  const made = opts.home ? null : mkdtempSync(path.join(tmpdir(), 'hangar-sandbox-'));
  const home = opts.home ?? made!;
  const env = minimalEnv(home);
  const cleanup = () => {
    if (made) rmSync(made, { recursive: true, force: true });
  };
  const program = which(command, env.PATH!);
  if (!program) return { command, args, env, cleanup };
  const box = current();
  const memoryMb = opts.memoryMb === undefined ? DEFAULT_MEMORY_MB : opts.memoryMb;
  const inner = [...box.net, program, ...args];
  if (memoryMb && box.limit === 'prlimit') {
    return { command: box.prlimit!, args: [`--as=${Math.round(memoryMb * 1024 * 1024)}`, '--', ...inner], env, cleanup };
  }
  if (memoryMb && box.limit === 'ulimit') {
    const script = `ulimit -v ${Math.round(memoryMb * 1024)} && exec "$@"`;
    return { command: box.shell!, args: ['-c', script, 'sandbox', ...inner], env, cleanup };
  }
  return { command: inner[0]!, args: inner.slice(1), env, cleanup };
}

/** spawn() of a sandboxed program (see `sandboxed`); its own HOME is removed once it has ended. */
export function spawnSandboxed(command: string, args: string[], opts: Omit<SpawnOptions, 'env'> & SandboxOptions = {}): ChildProcess {
  const { memoryMb, home, ...spawnOptions } = opts;
  const box = sandboxed(command, args, { memoryMb, home });
  let child: ChildProcess;
  try {
    child = spawn(box.command, box.args, { ...spawnOptions, env: box.env });
  } catch (err) {
    box.cleanup();
    throw err;
  }
  child.once('close', box.cleanup);
  child.once('error', box.cleanup);
  return child;
}
