/**
 * CPU quotas for benchmark processes through Linux control groups: each process put in a group
 * of its own with the same share of a core, so instances compare as if each had a small machine
 * to itself while the rest of the bench (database, Redis, balancer, sender) runs outside.
 *
 * cgroup v1 (the `cpu` controller's own hierarchy, `cpu.cfs_quota_us`) or v2 (a `cgroup2` mount
 * whose `cgroup.controllers` lists `cpu`, `cpu.max`). Creating groups needs the right to write
 * there (root, usually). `openCpuQuotas` answers why not when neither can be used, and the
 * bench then says that it measured no capacity.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The scheduling period quotas are given over, unless the caller names one. Within a period a
 * group runs until it has used its share, then waits for the next one: over 100 ms (the kernel's
 * default) a quarter of a core is 25 ms of work then up to 75 ms frozen, where a small machine
 * of its own would run the same work a quarter as fast without freezing. Over 10 ms the freezes
 * are under 8 ms; the kernel takes quotas of 1 ms and more.
 */
export const DEFAULT_PERIOD_MS = 10;
const MIN_QUOTA_US = 1_000;

/** The period and quota (µs) for `cores` over `periodMs`; throws when the kernel would refuse. */
function quotaOf(cores: number, periodMs: number): { period: number; quota: number } {
  const period = Math.round(periodMs * 1000);
  const quota = Math.round(cores * period);
  if (quota < MIN_QUOTA_US) {
    throw new Error(`${cores} core over ${periodMs} ms is under the kernel's 1 ms quota`);
  }
  return { period, quota };
}

export interface CpuGroup {
  /** Moves a process (all its threads) into the group; its later children stay in it. */
  add(pid: number): void;
  /** Scheduling periods so far, and how many of them the group was held back in. */
  throttling(): { periods: number; throttled: number };
  remove(): void;
}

export interface CpuQuotas {
  /** 'cgroup v1 (…)' or 'cgroup v2 (…)'. */
  readonly kind: string;
  /** A new group held to `cores` (0.25: a quarter of one core) over periods of `periodMs`. */
  create(name: string, cores: number, periodMs?: number): CpuGroup;
}

/** Where a cgroup v2 hierarchy with the cpu controller is mounted, if one is. */
function cgroup2WithCpu(): string | null {
  let mounts = '';
  try {
    mounts = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return null;
  }
  for (const line of mounts.split('\n')) {
    const [before, after] = line.split(' - ');
    if (!after?.startsWith('cgroup2 ')) continue;
    const mountPoint = before.split(' ')[4];
    try {
      const controllers = readFileSync(path.join(mountPoint, 'cgroup.controllers'), 'utf8');
      if (controllers.split(/\s+/).includes('cpu')) return mountPoint;
    } catch {
      // Not readable: not usable either.
    }
  }
  return null;
}

function throttlingOf(dir: string): { periods: number; throttled: number } {
  try {
    const stat = readFileSync(path.join(dir, 'cpu.stat'), 'utf8');
    const value = (key: string) => Number(new RegExp(`^${key} (\\d+)$`, 'm').exec(stat)?.[1] ?? 0);
    return { periods: value('nr_periods'), throttled: value('nr_throttled') };
  } catch {
    return { periods: 0, throttled: 0 };
  }
}

function group(dir: string, limit: () => void): CpuGroup {
  mkdirSync(dir);
  try {
    limit();
  } catch (error) {
    rmdirSync(dir);
    throw error;
  }
  return {
    add: (pid) => writeFileSync(path.join(dir, 'cgroup.procs'), String(pid)),
    throttling: () => throttlingOf(dir),
    remove: () => {
      // Only once its processes have ended; a group left behind is empty and harmless.
      try {
        rmdirSync(dir);
      } catch {
        // Still busy.
      }
    },
  };
}

/** The quotas this machine offers, or the reason it offers none. */
export function openCpuQuotas(): CpuQuotas | string {
  const v1 = '/sys/fs/cgroup/cpu';
  const reasons: string[] = [];
  if (existsSync(path.join(v1, 'cpu.cfs_quota_us'))) {
    const probe = path.join(v1, `frota-probe-${process.pid}`);
    try {
      mkdirSync(probe);
      rmdirSync(probe);
      return {
        kind: `cgroup v1 (${v1})`,
        create: (name, cores, periodMs = DEFAULT_PERIOD_MS) => {
          const dir = path.join(v1, name);
          const { period, quota } = quotaOf(cores, periodMs);
          return group(dir, () => {
            writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(period));
            writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
          });
        },
      };
    } catch (error) {
      reasons.push(`cgroup v1 cpu controller not writable (${(error as Error).message})`);
    }
  }
  const v2 = cgroup2WithCpu();
  if (v2 !== null) {
    try {
      // The cpu controller must be enabled for the mount's children.
      const control = path.join(v2, 'cgroup.subtree_control');
      if (!readFileSync(control, 'utf8').split(/\s+/).includes('cpu')) {
        writeFileSync(control, '+cpu');
      }
      const probe = path.join(v2, `frota-probe-${process.pid}`);
      mkdirSync(probe);
      rmdirSync(probe);
      return {
        kind: `cgroup v2 (${v2})`,
        create: (name, cores, periodMs = DEFAULT_PERIOD_MS) => {
          const dir = path.join(v2, name);
          const { period, quota } = quotaOf(cores, periodMs);
          return group(dir, () => writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${period}`));
        },
      };
    } catch (error) {
      reasons.push(`cgroup v2 at ${v2} not usable (${(error as Error).message})`);
    }
  } else {
    reasons.push('no cgroup v2 mount with the cpu controller');
  }
  if (!existsSync(path.join(v1, 'cpu.cfs_quota_us')))
    reasons.unshift('no cgroup v1 cpu controller');
  return reasons.join('; ');
}

/** CPU time (user + system, ms) a process has used so far, from /proc; null once it is gone. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The machine's CPU time so far (all cores, ms): busy and idle (idle + I/O wait). */
export function machineCpuMs(): { busy: number; idle: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = ticks[3] + ticks[4];
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: ((total - idle) * 1000) / 100, idle: (idle * 1000) / 100 };
}
