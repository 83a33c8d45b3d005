/**
 * Ends the dynamic-provider host when the engine that started it is gone.
 *
 * Measured with @pulumi/pulumi 3.270: when `pulumi up` is killed, its host process lives on
 * with stdout and stderr closed. The next write fails with EPIPE, the host's uncaught-error
 * handler logs that failure to the same closed stderr, which fails again, and so on: the host
 * spins at a quarter of a core and grows by gigabytes, because it keeps every error it saw.
 * Our provider module is loaded inside that host, so it installs two guards once: a closed
 * stdout/stderr ends the process, and so does the engine's death (the host is re-parented).
 */

let installed = false;

/** Installs the guards (once per process). */
export function guardHostProcess(): void {
  if (installed) return;
  installed = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") process.exit(1);
    });
  }
  const parent = process.ppid;
  const watchdog = setInterval(() => {
    if (process.ppid !== parent) process.exit(1);
  }, 1000);
  watchdog.unref();
}
