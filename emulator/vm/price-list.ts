/**
 * The emulator's price list: what each flavor and image costs per hour, each disk type per
 * GB and month, and an external IP and an SNAT gateway per hour. Keyed by catalog names, so
 * it reads like a tariff and survives resets (ids are derived from names anyway). The admin
 * API (`PUT /_emulator/vm/prices`) changes it; state without one uses {@link DEFAULT_PRICES}.
 */
import { z } from "zod";

/** Hours a monthly price covers: 365 × 24 / 12, as cloud bills usually count. */
export const HOURS_PER_MONTH = 730;

/** A price: a non-negative amount with at most 4 decimal places. */
const Price = z
  .number()
  .min(0)
  .refine((n) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6, {
    message: "at most 4 decimal places",
  });

/** The price list as the admin API takes and shows it. */
export const PriceList = z.strictObject({
  currency: z.string().min(1).describe("Currency of every amount, e.g. RUB"),
  flavorsPerHour: z.record(z.string(), Price).describe("Flavor name → price per VM-hour"),
  imagesPerHour: z.record(z.string(), Price).describe("Image name → licence price per VM-hour"),
  diskTypesPerGbMonth: z
    .record(z.string(), Price)
    .describe("Disk type name → price per GB and month"),
  externalIpPerHour: Price.describe("Price of one external IP per hour"),
  natGatewayPerHour: Price.describe("Price of one SNAT gateway per hour"),
});
/** A value of {@link PriceList}. */
export type PriceList = z.infer<typeof PriceList>;

/** A change to the price list: entries given replace those of the same name. */
export const PriceListPatch = PriceList.partial();

/**
 * The fixture tariff. Hourly prices have at most 2 decimal places, so every monthly amount
 * (× 730) is a whole number of cents; unlisted images cost nothing.
 */
export const DEFAULT_PRICES: PriceList = {
  currency: "RUB",
  flavorsPerHour: {
    "free-tier-1-1": 0,
    "burst-1-1": 0.55,
    "burst-2-2": 1.1,
    "gen-2-4": 2.75,
    "gen-4-8": 5.5,
    "gen-8-32": 14.2,
    "gen-32-128": 56.8,
    "gpu-8-64-1": 95,
    "gpu-16-128-2": 190,
  },
  imagesPerHour: { "windows-2022": 3.2 },
  diskTypesPerGbMonth: { SSD: 12, HDD: 4, "free-tier-HDD": 0 },
  externalIpPerHour: 0.3,
  natGatewayPerHour: 4,
};
