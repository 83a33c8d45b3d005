#!/usr/bin/env node
/**
 * `vmcloud-emulator --port <n> [--host 127.0.0.1] [--token <t>] [--state-file <f>] [--speed <x>]
 *  [--restore-job-id] [--rate-limit <requests per second> [--rate-burst <n>]]
 *  [--exchange-log <f>]`
 * Starts the emulator and prints the URL it listens on.
 */
import { parseArgs } from "node:util";
import { startEmulator } from "./index";

const USAGE =
  "usage: vmcloud-emulator --port <n> [--host 127.0.0.1] [--token <t>] [--state-file <f>] [--speed <factor>] " +
  "[--restore-job-id] [--rate-limit <requests per second per token> [--rate-burst <n>]] [--exchange-log <f>]";

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string" },
        host: { type: "string", default: "127.0.0.1" },
        token: { type: "string" },
        "state-file": { type: "string" },
        "exchange-log": { type: "string" },
        speed: { type: "string", default: "1" },
        // Opt-in: a backup restore answers {job_id}, which the seed does not show.
        "restore-job-id": { type: "boolean", default: false },
        "rate-limit": { type: "string" },
        "rate-burst": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  // Digits only: Number() would read "" as 0 (a random port) and "0x1f" as 31.
  const port =
    values.port === undefined ? 0 : /^\d{1,5}$/.test(values.port) ? Number(values.port) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be an integer from 0 to 65535, got "${values.port}"\n${USAGE}`);
    process.exit(2);
  }
  const speed = Number(values.speed);
  if (!(speed > 0) || !Number.isFinite(speed)) {
    console.error(`--speed must be a positive number, got "${values.speed}"\n${USAGE}`);
    process.exit(2);
  }
  const rate = values["rate-limit"] === undefined ? undefined : Number(values["rate-limit"]);
  if (rate !== undefined && !(rate > 0 && rate <= 100_000)) {
    console.error(
      `--rate-limit must be a number of requests per second above 0, got "${values["rate-limit"]}"\n${USAGE}`,
    );
    process.exit(2);
  }
  const burst = values["rate-burst"] === undefined ? undefined : Number(values["rate-burst"]);
  if (burst !== undefined && (rate === undefined || !Number.isInteger(burst) || burst < 1)) {
    console.error(
      `--rate-burst must be a whole number of requests from 1, with --rate-limit; got "${values["rate-burst"]}"\n${USAGE}`,
    );
    process.exit(2);
  }
  const emulator = await startEmulator({
    port,
    host: values.host,
    speed,
    restoreJobId: values["restore-job-id"],
    ...(rate === undefined
      ? {}
      : { rateLimit: { requestsPerSecond: rate, ...(burst === undefined ? {} : { burst }) } }),
    ...(values.token === undefined ? {} : { token: values.token }),
    ...(values["state-file"] === undefined ? {} : { stateFile: values["state-file"] }),
    ...(values["exchange-log"] === undefined ? {} : { exchangeLog: values["exchange-log"] }),
  });
  console.log(`listening on ${emulator.url}`);
  let stopping = false;
  const stop = () => {
    // A second signal means "now": do not wait again for requests still in flight.
    if (stopping) process.exit(1);
    stopping = true;
    void emulator.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(`vmcloud-emulator: ${(error as Error).message}`);
  process.exit(1);
});
