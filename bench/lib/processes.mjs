// Memory and CPU of the processes an operation starts (Linux /proc): the `pulumi` CLI, the
// language host, the program it runs, and the provider host (the dynamic-provider host or the
// provider plugin). The benchmark's own process (and the emulator in it) is left out. Each
// process's peak resident set is the kernel's high-water mark (VmHWM), so sampling only needs
// to see a process once before it exits; its CPU time (user + system) is the last sample's, so
// a process that lives less than one interval may be missed or under-counted.
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** What a process is, from its command line. */
export function roleOf(argv) {
  const exe = (argv[0] ?? "").split("/").at(-1);
  if (exe === "pulumi") return "cli";
  if (exe.startsWith("pulumi-language-")) return "languageHost";
  const text = argv.join(" ");
  if (/pulumi-resource-|provider\/host|dynamic-provider/.test(text)) return "providerHost";
  if (/cmd\/run(\/index\.js)?\b/.test(text)) return "program";
  return "other";
}

function read(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The pids of `pid`'s children, from every thread (a Go CLI starts children from any thread). */
function childrenOf(pid) {
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = [];
  for (const task of tasks) {
    const text = read(`/proc/${pid}/task/${task}/children`);
    if (text !== undefined) children.push(...text.split(/\s+/).filter(Boolean).map(Number));
  }
  return children;
}

/** Peak resident set (bytes) and CPU seconds of `pid` now, or undefined once it is gone. */
function usageOf(pid) {
  const status = read(`/proc/${pid}/status`);
  const stat = read(`/proc/${pid}/stat`);
  if (status === undefined || stat === undefined) return undefined;
  const hwm = /^VmHWM:\s+(\d+) kB/m.exec(status);
  // Fields after the command (which may hold spaces), from the last ")": state is field 3,
  // utime and stime fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { peakRss: hwm === null ? 0 : Number(hwm[1]) * 1024, cpuS: ticks / TICKS_PER_SECOND };
}

/**
 * Samples the processes under `rootPid` (default: this process) every `intervalMs` until
 * `stop()`, which answers per role (`cli`, `languageHost`, `program`, `providerHost`) the
 * largest peak resident set of its processes in MB, their CPU seconds together, and how many
 * there were.
 */
export function sampleProcesses({ rootPid = process.pid, intervalMs = 250 } = {}) {
  /** pid → { role, peakRss, cpuS } */
  const seen = new Map();
  const sample = () => {
    const queue = childrenOf(rootPid);
    while (queue.length > 0) {
      const pid = queue.shift();
      queue.push(...childrenOf(pid));
      const usage = usageOf(pid);
      if (usage === undefined) continue;
      let entry = seen.get(pid);
      if (entry === undefined) {
        const argv = (read(`/proc/${pid}/cmdline`) ?? "").split("\0").filter(Boolean);
        entry = { role: roleOf(argv), peakRss: 0, cpuS: 0 };
        seen.set(pid, entry);
      }
      entry.peakRss = Math.max(entry.peakRss, usage.peakRss);
      entry.cpuS = Math.max(entry.cpuS, usage.cpuS);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const byRole = {};
      for (const { role, peakRss, cpuS } of seen.values()) {
        const r = (byRole[role] ??= { peakRssMb: 0, cpuS: 0, processes: 0 });
        r.peakRssMb = Math.max(r.peakRssMb, Math.round(peakRss / 1024 / 102.4) / 10);
        r.cpuS = Math.round((r.cpuS + cpuS) * 100) / 100;
        r.processes += 1;
      }
      return byRole;
    },
  };
}
