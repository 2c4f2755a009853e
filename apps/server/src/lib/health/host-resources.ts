import { readdir, readFile, statfs } from 'node:fs/promises';
import os from 'node:os';

/** A host's resources as one process sees them; null where the system does not tell. */
export interface HostResources {
  cpuPercent: number | null;
  memoryPercent: number | null;
  diskPercent: number | null;
  networkBytesPerSecond: number | null;
  networkPercent: number | null;
}

const round = (value: number) => Math.round(value * 10) / 10;
/** A figure the system could not give sensibly (0 / 0 on an odd filesystem) is unknown, never NaN on the page. */
const finite = (value: number | null) => (value !== null && Number.isFinite(value) ? value : null);

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, irq, idle: idleTime } = cpu.times;
    idle += idleTime;
    total += user + nice + sys + irq + idleTime;
  }
  return { idle, total };
}

/** Memory in use: MemAvailable (Linux) counts the page cache as free, as `free` does; elsewhere os.freemem. */
async function memoryPercent(): Promise<number | null> {
  try {
    const text = await readFile('/proc/meminfo', 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1]);
    const total = field('MemTotal');
    const available = field('MemAvailable');
    if (total > 0 && Number.isFinite(available)) return round(100 * (1 - available / total));
  } catch {
    // not Linux: Node's figure
  }
  const total = os.totalmem();
  return total > 0 ? round(100 * (1 - os.freemem() / total)) : null;
}

async function diskPercent(folder: string): Promise<number | null> {
  try {
    const stats = await statfs(folder);
    if (stats.blocks === 0) return null;
    // Of what users may fill, as `df` shows it (the root-reserved blocks are neither used nor free).
    const used = stats.blocks - stats.bfree;
    return round((100 * used) / (used + stats.bavail));
  } catch {
    return null;
  }
}

/** Bytes received and sent by every interface but lo, and their link speed in bytes per second (null when none tells). */
async function networkCounters(): Promise<{ bytes: number; linkBytesPerSecond: number | null } | null> {
  try {
    const text = await readFile('/proc/net/dev', 'utf8');
    let bytes = 0;
    const names: string[] = [];
    for (const line of text.split('\n').slice(2)) {
      const [name, counters] = line.split(':');
      if (!name || counters === undefined || name.trim() === 'lo') continue;
      const fields = counters.trim().split(/\s+/).map(Number);
      bytes += (fields[0] ?? 0) + (fields[8] ?? 0);
      names.push(name.trim());
    }
    let link = 0;
    const known = new Set(await readdir('/sys/class/net').catch(() => [] as string[]));
    for (const name of names.filter((entry) => known.has(entry))) {
      const speed = Number((await readFile(`/sys/class/net/${name}/speed`, 'utf8').catch(() => '')).trim());
      // Mb/s; -1 or nothing for a virtual interface.
      if (speed > 0) link += speed * 125_000;
    }
    return { bytes, linkBytesPerSecond: link > 0 ? link : null };
  } catch {
    return null;
  }
}

/**
 * Reads the host's resources; CPU and network are rates, so each reading is against the one before,
 * the first against the moment this reader was made (a process's first sample, a few seconds after
 * it starts, has both bars).
 */
export function createHostResources(dataFolder: string) {
  let lastCpu = cpuTimes();
  let lastNetwork: { bytes: number; at: number } | null = null;
  const baseline = networkCounters().then((network) => {
    lastNetwork ??= network ? { bytes: network.bytes, at: Date.now() } : null;
  });

  return async function readHostResources(): Promise<HostResources> {
    await baseline;
    const cpu = cpuTimes();
    const busy = cpu.total - lastCpu.total;
    const cpuPercent = busy > 0 ? round(100 * (1 - (cpu.idle - lastCpu.idle) / busy)) : null;
    lastCpu = cpu;

    const network = await networkCounters();
    let networkBytesPerSecond: number | null = null;
    const now = Date.now();
    if (network && lastNetwork && now > lastNetwork.at) {
      networkBytesPerSecond = Math.max(
        0,
        Math.round(((network.bytes - lastNetwork.bytes) * 1000) / (now - lastNetwork.at)),
      );
    }
    lastNetwork = network ? { bytes: network.bytes, at: now } : null;
    const networkPercent =
      networkBytesPerSecond !== null && network?.linkBytesPerSecond
        ? round((100 * networkBytesPerSecond) / network.linkBytesPerSecond)
        : null;

    return {
      cpuPercent: finite(cpuPercent),
      memoryPercent: finite(await memoryPercent()),
      diskPercent: finite(await diskPercent(dataFolder)),
      networkBytesPerSecond: finite(networkBytesPerSecond),
      networkPercent: finite(networkPercent),
    };
  };
}
