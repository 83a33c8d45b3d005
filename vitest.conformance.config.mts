import { defineConfig } from "vitest/config";

// The conformance check of a recorded test run (see tests/conformance/recorded.conformance.ts):
// run by .ci/run after `npm test`, whose emulators wrote the exchanges it judges.
export default defineConfig({
  test: {
    pool: "forks",
    include: ["tests/conformance/*.conformance.ts"],
    testTimeout: 300_000,
  },
});
