/**
 * Price calculation: what a configuration (a flavor, an image, disks, external IPs, SNAT
 * gateways) costs when taken `total_count` times, from the price list. Amounts are worked out
 * in ten-thousandths of the currency unit, as whole numbers, so no binary fraction creeps in;
 * each part is then rounded to the cent, and the monthly total is the sum of the rounded parts.
 */
import type { PriceRequest, PriceResponse } from "../../../api/vm/pricing";
import { DEFAULT_PRICES, HOURS_PER_MONTH, type PriceList } from "../price-list";
import type { VmState } from "../records";
import { mustFind, requireProject } from "./shared";

/** Ten-thousandths per currency unit: the price list's precision. */
const UNIT = 10_000;

/** The price list in force. */
export function priceListOf(state: VmState): PriceList {
  return state.prices ?? DEFAULT_PRICES;
}

/** `price` (≤ 4 decimals) as a whole number of ten-thousandths. */
function units(price: number | undefined): number {
  return Math.round((price ?? 0) * UNIT);
}

/** Ten-thousandths rounded to whole cents (half up), as cents. */
function toCents(amount: number): number {
  return Math.round(amount / (UNIT / 100));
}

/** What one request costs, per part, in ten-thousandths per month. */
interface MonthlyParts {
  flavor: number;
  image: number;
  disks: number;
  floating_ips: number;
  nat_gateways: number;
}

function monthlyParts(state: VmState, body: PriceRequest, prices: PriceList): MonthlyParts {
  const n = body.total_count;
  const hourly = (perHour: number | undefined) => units(perHour) * HOURS_PER_MONTH * n;
  const flavor =
    body.flavor_id === undefined
      ? undefined
      : mustFind(state.flavors, body.flavor_id, "flavor_not_found", "flavor", "flavor_id");
  const image =
    body.image_id === undefined
      ? undefined
      : mustFind(state.images, body.image_id, "image_not_found", "image", "image_id");
  let disks = 0;
  (body.disks ?? []).forEach((disk, i) => {
    const type = mustFind(
      state.diskTypes,
      disk.disk_type_id,
      "disk_type_not_found",
      "disk type",
      `disks.${i}.disk_type_id`,
    );
    disks += units(prices.diskTypesPerGbMonth[type.name]) * disk.size * n;
  });
  // A new address is billed from now on; attaching or detaching one the project already
  // holds changes nothing on the bill.
  const newAddresses = (body.floating_ips ?? [])
    .filter((f) => f.floating_ip_action === "new")
    .reduce((sum, f) => sum + f.count, 0);
  const gateways = (body.nat_gateways ?? []).reduce((sum, g) => sum + g.count, 0);
  return {
    flavor: flavor === undefined ? 0 : hourly(prices.flavorsPerHour[flavor.name]),
    image: image === undefined ? 0 : hourly(prices.imagesPerHour[image.name]),
    disks,
    floating_ips: hourly(prices.externalIpPerHour) * newAddresses,
    nat_gateways: hourly(prices.natGatewayPerHour) * gateways,
  };
}

/**
 * `POST /api/v1/projects/{project_id}/price-calculation`: 404 `project_not_found` for an
 * unknown project, 403 for a foreign one, 422 for an unknown flavor, image or disk type.
 */
export function calculatePrice(
  state: VmState,
  projectId: string,
  body: PriceRequest,
): PriceResponse {
  requireProject(state, projectId, 404);
  const parts = monthlyParts(state, body, priceListOf(state));
  const cents = {
    flavor: toCents(parts.flavor),
    image: toCents(parts.image),
    disks: toCents(parts.disks),
    floating_ips: toCents(parts.floating_ips),
    nat_gateways: toCents(parts.nat_gateways),
  };
  const totalCents = Object.values(cents).reduce((a, b) => a + b, 0);
  // Per hour: the monthly total spread over the month's hours, to 4 decimal places.
  const totalHour = Math.round((totalCents * 100) / HOURS_PER_MONTH) / UNIT;
  return {
    flavor: cents.flavor / 100,
    image: cents.image / 100,
    disks: cents.disks / 100,
    floating_ips: cents.floating_ips / 100,
    nat_gateways: cents.nat_gateways / 100,
    total_price_month: totalCents / 100,
    total_price_hour: totalHour,
  };
}
