/**
 * How long each asynchronous step of the operations takes at speed 1, in milliseconds. Every
 * value is divided by `--speed` (see `Clock.delay`), and so is an alarm's `timeout`.
 */
export const OPS_DELAYS = {
  /** A restore job waits this long before it runs. */
  backupRestoreStart: 300,
  /** A restore job runs this long. */
  backupRestore: 3000,
  /** An index snapshot restore keeps the target cluster busy this long. */
  indexRestore: 10000,
  /** A queue manager restarts in this long. */
  queueManagerRestart: 2000,
  /** A migration job initializes this long. */
  jobStart: 500,
  /** A migration job runs this long. */
  nodeMigration: 4000,
  /** Each step of a running upgrade or switchover takes this long. */
  upgradeStep: 2000,
} as const;
