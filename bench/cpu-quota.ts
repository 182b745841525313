import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// A CPU budget for one process, through the kernel's cgroup CPU controller: a process capped at a
// fraction of a core stands in for a process with a machine of its own, so that adding processes
// can show what they add on a machine with fewer cores than processes. Needs root (or a delegated
// cgroup); v2 (`cpu.max`) or v1 (`cpu.cfs_quota_us`).

const V2_ROOT = '/sys/fs/cgroup';
const V1_ROOT = '/sys/fs/cgroup/cpu';
// A short period: with the default 100 ms, a process that spends its budget early waits up to
// 100 ms, which would show as latency the cap does not mean to add.
const PERIOD_US = 10_000;

export interface CpuQuota {
  /** Where the cap is written, for the report. */
  where: string;
  release(): void;
}

function controller(): { kind: 'v2' | 'v1'; root: string } | null {
  const v2 = path.join(V2_ROOT, 'cgroup.controllers');
  if (existsSync(v2) && readFileSync(v2, 'utf8').split(/\s+/).includes('cpu')) return { kind: 'v2', root: V2_ROOT };
  if (existsSync(path.join(V1_ROOT, 'cpu.cfs_quota_us'))) return { kind: 'v1', root: V1_ROOT };
  return null;
}

/** Why capping cannot work here, or null when it can. */
export function cpuQuotaUnavailable(): string | null {
  const c = controller();
  if (!c) return 'no cgroup CPU controller is mounted';
  const probe = path.join(c.root, `hangar-bench-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return null;
  } catch (err) {
    return `cannot create a cgroup under ${c.root} (${(err as NodeJS.ErrnoException).code}): run the bench as root`;
  }
}

/** Caps the process (all its threads, and children it starts later) at `cores` of CPU time. */
export function capCpu(pid: number, cores: number): CpuQuota {
  const c = controller();
  if (!c) throw new Error('no cgroup CPU controller is mounted');
  const dir = path.join(c.root, `hangar-bench-${process.pid}-${pid}`);
  mkdirSync(dir);
  const quota = Math.round(cores * PERIOD_US);
  if (c.kind === 'v2') {
    const control = path.join(c.root, 'cgroup.subtree_control');
    if (!readFileSync(control, 'utf8').split(/\s+/).includes('cpu')) writeFileSync(control, '+cpu');
    writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
  } else {
    writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
  }
  writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
  return {
    where: dir,
    release() {
      // The process goes back to the root group (it may have exited already), then the group goes.
      try {
        writeFileSync(path.join(c.root, 'cgroup.procs'), String(pid));
      } catch {}
      try {
        rmdirSync(dir);
      } catch {}
    },
  };
}
