import { defineConfig } from "vitest/config";

// Pulumi's closure serializer fails under worker threads, so every suite runs in forks.
export default defineConfig({
  test: {
    pool: "forks",
    include: ["tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
