/**
 * The cost and quota arithmetic, property-based where it fits: the emulator's price
 * calculation (parts from the price list, totals that are the sum of the parts, linear in
 * total_count), the cost items read from resource properties, quota sums and breaches, the
 * grouping of equal things into one request, and the Markdown table.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PriceRequest, PriceResponse } from "../../api/vm/pricing";
import type { VmCloudClient } from "../../provider/client";
import type { CostCatalog } from "../../provider/cost/catalog";
import { estimateCost, Pricer } from "../../provider/cost/estimate";
import { itemsOf, type CostItem } from "../../provider/cost/items";
import { quotaAmountsOf, quotaBreaches, type QuotaAmounts } from "../../provider/cost/quota";
import { PRICE_CURRENCY } from "../../provider/cost/currency";
import { costRows, renderCostTable } from "../../provider/cost/table";
import { pluginToken, TYPE_TOKENS } from "../../provider/type-tokens";
import { vmFixtures } from "../../emulator/vm/fixtures";
import { calculatePrice } from "../../emulator/vm/models/pricing";
import { DEFAULT_PRICES, HOURS_PER_MONTH } from "../../emulator/vm/price-list";
import type { VmState } from "../../emulator/vm/records";

const clock = { now: () => Date.UTC(2026, 0, 1), delay: (ms: number) => ms };
const state: VmState = vmFixtures(clock);
const projectId = Object.values(state.projects).find((p) => p.accessible)!.id;
const flavors = Object.values(state.flavors);
const diskTypes = Object.values(state.diskTypes);
const images = Object.values(state.images);
const cents = (x: number) => Math.round(x * 100);

const catalog: CostCatalog = {
  flavors: flavors.map((f) => ({
    id: f.id,
    name: f.name,
    type: f.type,
    cpu: f.cpu,
    ram: f.ram,
    gpu: f.gpu,
  })),
  diskTypes: diskTypes.map((t) => ({ id: t.id, name: t.name, freeTier: t.free_tier })),
  images: images.map((i) => ({ id: i.id, name: i.name })),
};

/** A Pricer that answers from the emulator's model instead of HTTP. */
class ModelPricer extends Pricer {
  readonly bodies: PriceRequest[] = [];
  constructor() {
    super({} as VmCloudClient, projectId, catalog);
  }
  override price(body: PriceRequest): Promise<PriceResponse> {
    this.bodies.push(body);
    return Promise.resolve(calculatePrice(state, projectId, body));
  }
}

const request = fc.record({
  flavor: fc.option(fc.constantFrom(...flavors), { nil: undefined }),
  image: fc.option(fc.constantFrom(...images), { nil: undefined }),
  disks: fc.array(
    fc.record({ type: fc.constantFrom(...diskTypes), size: fc.integer({ min: 1, max: 16384 }) }),
    {
      maxLength: 4,
    },
  ),
  addresses: fc.integer({ min: 0, max: 5 }),
  count: fc.integer({ min: 1, max: 50 }),
});

describe("the emulator's price calculation", () => {
  it("prices each part from the price list (hourly × 730, GB-months) and totals the parts", () => {
    fc.assert(
      fc.property(request, (r) => {
        const answer = calculatePrice(state, projectId, {
          ...(r.flavor ? { flavor_id: r.flavor.id } : {}),
          ...(r.image ? { image_id: r.image.id } : {}),
          ...(r.disks.length > 0
            ? { disks: r.disks.map((d) => ({ disk_type_id: d.type.id, size: d.size })) }
            : {}),
          ...(r.addresses > 0
            ? { floating_ips: [{ floating_ip_action: "new" as const, count: r.addresses }] }
            : {}),
          total_count: r.count,
        });
        const flavor = r.flavor
          ? DEFAULT_PRICES.flavorsPerHour[r.flavor.name]! * HOURS_PER_MONTH * r.count
          : 0;
        const image = r.image
          ? (DEFAULT_PRICES.imagesPerHour[r.image.name] ?? 0) * HOURS_PER_MONTH * r.count
          : 0;
        const disks = r.disks.reduce(
          (sum, d) => sum + DEFAULT_PRICES.diskTypesPerGbMonth[d.type.name]! * d.size * r.count,
          0,
        );
        const ips = DEFAULT_PRICES.externalIpPerHour * HOURS_PER_MONTH * r.addresses * r.count;
        expect(cents(answer.flavor)).toBe(cents(flavor));
        expect(cents(answer.image)).toBe(cents(image));
        expect(cents(answer.disks)).toBe(cents(disks));
        expect(cents(answer.floating_ips)).toBe(cents(ips));
        expect(cents(answer.total_price_month)).toBe(
          cents(answer.flavor) +
            cents(answer.image) +
            cents(answer.disks) +
            cents(answer.floating_ips),
        );
        expect(
          Math.abs(answer.total_price_hour - answer.total_price_month / HOURS_PER_MONTH),
        ).toBeLessThan(1e-4);
      }),
      { numRuns: 300 },
    );
  });

  it("is linear in total_count", () => {
    fc.assert(
      fc.property(request, (r) => {
        const one = { ...(r.flavor ? { flavor_id: r.flavor.id } : {}), total_count: 1 };
        const single = calculatePrice(state, projectId, one);
        const many = calculatePrice(state, projectId, { ...one, total_count: r.count });
        expect(cents(many.total_price_month)).toBe(cents(single.total_price_month) * r.count);
      }),
    );
  });

  it("rounds to the cent from exact ten-thousandths, half up", () => {
    const s = structuredClone(state);
    s.prices = { ...DEFAULT_PRICES, externalIpPerHour: 0.0007 };
    // 0.0007 × 730 = 0.511 → 0.51; × 3 = 1.533 → 1.53 (not 3 × 0.51)
    const three = calculatePrice(s, projectId, {
      floating_ips: [{ floating_ip_action: "new", count: 3 }],
      total_count: 1,
    });
    expect(three.floating_ips).toBe(1.53);
    const attach = calculatePrice(s, projectId, {
      floating_ips: [{ floating_ip_action: "attach", count: 3 }],
      total_count: 1,
    });
    expect(attach.total_price_month).toBe(0);
  });
});

describe("cost items from resource properties", () => {
  it("reads a VM's flavor, image, boot and new disks and external IPs (not disks by id)", () => {
    const items = itemsOf(TYPE_TOKENS.Vm, "web", {
      flavor: "gen-2-4",
      image: "ubuntu-22.04",
      bootDisk: { size: 20, diskType: "SSD" },
      disks: [{ name: "data", size: 100, diskType: "HDD" }, { diskId: "x" }],
      interfaces: [{ externalIp: true }, { directIp: true }, {}],
    });
    expect(items).toEqual([
      {
        kind: "vm",
        resource: "web",
        flavor: "gen-2-4",
        image: "ubuntu-22.04",
        freeTier: false,
        interfaces: 3,
      },
      { kind: "disk", resource: "web (boot disk)", diskType: "SSD", size: 20, freeTier: false },
      { kind: "disk", resource: "web (data)", diskType: "HDD", size: 100, freeTier: false },
      { kind: "address", resource: "web", count: 2 },
    ]);
  });

  it("counts an address a VM made, not one it was given by id (priced as its ExternalIp)", () => {
    const given = itemsOf(TYPE_TOKENS.Vm, "web", {
      flavor: "gen-2-4",
      interfaces: [{ externalIpId: "ip-1" }, { externalIp: true }],
    });
    expect(given.filter((i) => i.kind === "address")).toEqual([
      { kind: "address", resource: "web", count: 1 },
    ]);
    // Outputs: both interfaces show an address; only the one in madeExternalIpIds is the VM's.
    const outputs = itemsOf(TYPE_TOKENS.Vm, "web", {
      flavor: "gen-2-4",
      madeExternalIpIds: ["ip-2"],
      interfaces: [
        { externalIp: true, externalIpId: "ip-1" },
        { externalIp: true, externalIpId: "ip-2" },
      ],
    });
    expect(outputs.filter((i) => i.kind === "address")).toEqual([
      { kind: "address", resource: "web", count: 1 },
    ]);
    expect(itemsOf(TYPE_TOKENS.ExternalIp, "ip", {})).toEqual([
      { kind: "address", resource: "ip", count: 1 },
    ]);
  });

  it("reads an SNAT gateway and a network interface; a VM's existing interface counts where it is declared", () => {
    expect(itemsOf(TYPE_TOKENS.NatGateway, "egress", { name: "egress" })).toEqual([
      { kind: "natGateway", resource: "egress" },
    ]);
    expect(itemsOf(pluginToken("NetworkInterface"), "port", { name: "port" })).toEqual([
      { kind: "interface", resource: "port" },
    ]);
    const vm = itemsOf(TYPE_TOKENS.Vm, "db", {
      flavor: "gen-2-4",
      interfaces: [{ interfaceId: "nic-1" }, { subnet: "app" }],
    });
    expect(vm[0]).toMatchObject({ kind: "vm", interfaces: 1 });
    const { amounts } = quotaAmountsOf(
      [...vm, ...itemsOf(TYPE_TOKENS.NetworkInterface, "port", {})],
      catalog,
    );
    expect(amounts.interfaces).toBe(2);
    expect(quotaAmountsOf(itemsOf(TYPE_TOKENS.NatGateway, "egress", {}), catalog).amounts).toEqual({
      floating_ips: 1,
    });
  });

  it("marks values not known yet as null and values left out as undefined", () => {
    const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    const [vm, boot] = itemsOf(TYPE_TOKENS.Vm, "web", {
      flavor: unknown,
      image: "ubuntu-22.04",
      bootDisk: { size: unknown },
    });
    expect(vm).toMatchObject({ flavor: null, interfaces: 1 });
    expect(boot).toMatchObject({ size: null, diskType: undefined });
    expect(itemsOf(TYPE_TOKENS.Disk, "d", { size: 5, diskType: Symbol("unknown") })).toEqual([
      { kind: "disk", resource: "d", diskType: null, size: 5, freeTier: false },
    ]);
    expect(itemsOf("aws:s3/bucket:Bucket", "b", {})).toEqual([]);
    // One name per thing: only ExternalIp is an external IP, not other names for it.
    expect(itemsOf(`${TYPE_TOKENS.Vm.replace("Vm", "FloatingIp")}`, "ip", {})).toEqual([]);
  });

  it("reads the provider plugin's resources (vmcloud:index:Vm) as the dynamic providers'", () => {
    const vm = {
      flavor: "gen-2-4",
      image: "ubuntu-22.04",
      bootDisk: { size: 20, diskType: "SSD" },
      interfaces: [{ externalIp: true }],
    };
    const cases = [
      ["Vm", vm],
      ["FreeTierVm", { image: "ubuntu-22.04" }],
      ["Disk", { size: 50, diskType: "HDD" }],
      ["ExternalIp", {}],
      ["Subnet", {}],
      ["SecurityGroup", {}],
      ["SecurityGroupRule", {}],
    ] as const;
    for (const [name, props] of cases) {
      const items = itemsOf(pluginToken(name), "r", props);
      expect(items.length, name).toBeGreaterThan(0);
      expect(items, name).toEqual(itemsOf(TYPE_TOKENS[name], "r", props));
    }
    // The action components the plugin makes cost nothing.
    expect(itemsOf(pluginToken("EventReport"), "report", { events: [] })).toEqual([]);
  });
});

const item: fc.Arbitrary<CostItem> = fc.oneof(
  fc.record({
    kind: fc.constant("vm" as const),
    resource: fc.string(),
    flavor: fc.constantFrom(...flavors.map((f) => f.name)),
    image: fc.constant(undefined),
    freeTier: fc.boolean(),
    interfaces: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({
    kind: fc.constant("disk" as const),
    resource: fc.string(),
    diskType: fc.constantFrom("SSD", "HDD", undefined),
    size: fc.integer({ min: 1, max: 1000 }),
    freeTier: fc.constant(false),
  }),
  fc.record({
    kind: fc.constant("address" as const),
    resource: fc.string(),
    count: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant("natGateway" as const), resource: fc.string() }),
  fc.record({
    kind: fc.constantFrom(
      "subnet" as const,
      "securityGroup" as const,
      "securityGroupRule" as const,
      "interface" as const,
    ),
    resource: fc.string(),
  }),
);

function plus(a: QuotaAmounts, b: QuotaAmounts): QuotaAmounts {
  const out: QuotaAmounts = { ...a };
  for (const [k, v] of Object.entries(b) as Array<[keyof QuotaAmounts, number]>)
    out[k] = (out[k] ?? 0) + v;
  return out;
}

describe("quota sums", () => {
  it("adds up: the amounts of two lists together are the sums of each", () => {
    fc.assert(
      fc.property(fc.array(item), fc.array(item), (a, b) => {
        expect(quotaAmountsOf([...a, ...b], catalog).amounts).toEqual(
          plus(quotaAmountsOf(a, catalog).amounts, quotaAmountsOf(b, catalog).amounts),
        );
      }),
    );
  });

  it("counts a VM's flavor size, its disks' GB and its addresses", () => {
    const { amounts } = quotaAmountsOf(
      itemsOf(TYPE_TOKENS.Vm, "web", {
        flavor: "gpu-8-64-1",
        image: "ubuntu-22.04",
        bootDisk: { size: 20 },
        interfaces: [{ externalIp: true }],
      }),
      catalog,
    );
    expect(amounts).toEqual({
      vms: 1,
      interfaces: 1,
      vcpus: 8,
      ram: 64,
      gpus: 1,
      disks: 1,
      disks_size: 20,
      floating_ips: 1,
    });
  });

  it("reports a breach exactly when use now plus what the change adds exceeds the limit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        (limit, used, before, after) => {
          const breaches = quotaBreaches(
            [{ id: "q", limit_type: "vcpus", value: limit, current_value: used }],
            { vcpus: before },
            { vcpus: after },
          );
          const adds = after - before;
          const breached = adds > 0 && used + adds > limit;
          expect(breaches).toEqual(breached ? [{ type: "vcpus", limit, used, adds }] : []);
        },
      ),
    );
  });
});

describe("estimates", () => {
  it("price equal things in one request each, and total what each priced alone totals", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 30 }), async (items) => {
        const grouped = new ModelPricer();
        const estimate = await estimateCost(grouped, items);
        const alone = new ModelPricer();
        let sum = 0;
        for (const i of items) sum += (await estimateCost(alone, [i])).total;
        expect(cents(estimate.total)).toBe(cents(sum));
        const distinct = new Set(
          grouped.bodies.map((b) => JSON.stringify({ ...b, total_count: 0 })),
        );
        expect(grouped.bodies.length).toBe(distinct.size);
      }),
      { numRuns: 60 },
    );
  });

  it("prices an SNAT gateway as a gateway of the price list, not as an address", async () => {
    const pricer = new ModelPricer();
    const estimate = await estimateCost(pricer, itemsOf(TYPE_TOKENS.NatGateway, "egress", {}));
    expect(pricer.bodies).toEqual([
      { nat_gateways: [{ nat_gateway_type: "Public sNAT", count: 1 }], total_count: 1 },
    ]);
    expect(estimate.lines).toEqual([
      expect.objectContaining({ resource: "egress", kind: "natGateway", quantity: "1 gateway" }),
    ]);
    expect(cents(estimate.total)).toBe(cents(DEFAULT_PRICES.natGatewayPerHour * HOURS_PER_MONTH));
  });

  it("flags unknown flavors and sizes, or prices them at the configured defaults", async () => {
    const items = itemsOf(TYPE_TOKENS.Vm, "web", {
      flavor: Symbol("u"),
      bootDisk: { size: Symbol("u") },
    });
    const flagged = await estimateCost(new ModelPricer(), items);
    expect(flagged.unpriced.map((l) => l.kind)).toEqual(["vm", "disk"]);
    expect(flagged.total).toBe(0);
    const priced = await estimateCost(new ModelPricer(), items, {
      defaultFlavor: "gen-2-4",
      defaultDiskSize: 10,
    });
    expect(priced.unpriced).toEqual([]);
    expect(priced.total).toBe(2.75 * 730 + 12 * 10);
    expect(priced.lines[0]!.note).toContain("priced as gen-2-4");
  });

  it("renders a Markdown table with new, changed and removed rows and the totals", async () => {
    const pricer = new ModelPricer();
    const before = await estimateCost(pricer, [
      ...itemsOf(TYPE_TOKENS.Vm, "web", {
        flavor: "burst-1-1",
        image: "ubuntu-22.04",
        bootDisk: { size: 10 },
      }),
      ...itemsOf(TYPE_TOKENS.Disk, "old", { size: 10, diskType: "HDD" }),
    ]);
    const after = await estimateCost(pricer, [
      ...itemsOf(TYPE_TOKENS.Vm, "web", {
        flavor: "gen-2-4",
        image: "ubuntu-22.04",
        bootDisk: { size: 10 },
      }),
      ...itemsOf(TYPE_TOKENS.Disk, "data", { size: 50, diskType: "SSD" }),
    ]);
    const table = renderCostTable(costRows(before, after), {
      before: before.total,
      after: after.total,
    });
    expect(table).toContain("| Resource | Quantity | Monthly price (RUB) | Change |");
    expect(table).toContain("| web: gen-2-4, ubuntu-22.04 | 1 VM | 2,007.50 | +1,606.00 |");
    expect(table).toContain("| data: SSD | 50 GB | 600.00 | +600.00 (new) |");
    expect(table).toContain("| ~~old~~: HDD | 10 GB | — | −40.00 (removed) |");
    expect(table).toContain(
      `| **Total** | | **${(2007.5 + 120 + 600).toLocaleString("en-US", { minimumFractionDigits: 2 })}** |`,
    ); // Every amount is in the price service's currency, which its answer does not name: the
    // header and the total line say it, and the emulator's price list answers in it.
    expect(DEFAULT_PRICES.currency).toBe(PRICE_CURRENCY);
    expect(table).toMatch(
      /^Monthly total 2,727\.50 RUB \(now [\d,]+\.\d\d RUB; change \+[\d,]+\.\d\d RUB\)\.$/m,
    );
  });
});
