import { availableParallelism } from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/support/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default (one file fewer than the cores) ran one file at a time on 2 cores, while much of a file's time
    // is spent waiting for a server it started or for PostgreSQL: two at a time took 265 s instead of 447 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
