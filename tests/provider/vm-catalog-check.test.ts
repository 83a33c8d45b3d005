// The Vm provider's check against the service's catalog, over HTTP: it reads each catalog
// list once per process (shared with create), lets preview go on with a warning when the
// service cannot answer, and fails clearly on a refused token.
import { createServer } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { loadProvider, useProviders } from "./support/provider-harness";
import { vmArgs, VM_SPEED } from "./support/vm-suite";

const { emu, vm } = useProviders({ vm: "resources/vm" }, { speed: VM_SPEED });

/** A local port that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const CATALOG_LISTS = [
  "/api/v1/availability-zones",
  "/api/v1/flavors",
  "/api/v1/images",
  "/api/v1/disk-types",
];

describe("the catalog cache", () => {
  it("reads each catalog list once for the checks of many VMs and the create that follows", async () => {
    await vm.clearRequests();
    for (let i = 0; i < 5; i++) {
      const checked = await vm.check(vmArgs({ bootDisk: { size: 10 + i } }));
      expect(checked.failures).toEqual([]);
    }
    const { id, outs } = await vm.up(vmArgs());
    const gets = (await vm.requests())
      .filter((r) => r.method === "GET")
      .map((r) => r.url.split("?")[0]!);
    for (const list of CATALOG_LISTS) {
      expect(
        gets.filter((url) => url === list),
        list,
      ).toHaveLength(1);
    }
    await vm.delete(id, outs);
  });
});

describe("when the service cannot tell", () => {
  it("is unreachable: check warns once and passes, a mistake is left to `up`", async () => {
    const port = await closedPort();
    const down = await loadProvider("resources/vm", emu, {
      "vmcloud:endpoint": `http://127.0.0.1:${port}`,
    });
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
      written.push(String(chunk));
      return true;
    });
    try {
      for (let i = 0; i < 2; i++) {
        const checked = await down.check(vmArgs({ flavor: "gen-3-5" }));
        expect(checked.failures).toEqual([]);
      }
    } finally {
      spy.mockRestore();
    }
    const warnings = written.filter((line) => line.includes("catalog is unavailable"));
    expect(warnings.length).toBeLessThanOrEqual(1);
    expect(written.join("")).toMatch(/references are checked at up/);
  }, 60_000);

  it("answers 5xx: check passes on the offline rules alone", async () => {
    const other = await loadProvider("resources/vm", emu);
    await other.setFaults([{ route: "^/api/v1/", method: "GET", errorRates: { "503": 1 } }]);
    try {
      // Another zone: its flavors, images and disk types are not cached yet.
      const checked = await other.check(vmArgs({ availabilityZone: "ru.AZ-2" }));
      expect(checked.failures).toEqual([]);
    } finally {
      await other.setFaults([]);
    }
  });
});

describe("a refused token", () => {
  it("fails check with the token's advice, not a silent pass", async () => {
    const refused = await loadProvider("resources/vm", emu, { "vmcloud:token": "not-the-token" });
    await expect(refused.check(vmArgs())).rejects.toThrow(/401.*vmcloud:token/s);
  });
});
