/**
 * The currency of every amount the price service answers. Its answer
 * (`ProjectPriceResponse`: `flavor`, `image`, `disks`, `floating_ips`, `nat_gateways`,
 * `total_price_month`, `total_price_hour`) carries no currency field, so the tools name it
 * themselves: the service bills in Russian rubles (its zones are `ru.*`, and the emulator's
 * price list, `emulator/vm/price-list.ts`, answers in RUB). See docs/cost-and-quota.md.
 */

/** The ISO 4217 code of the price service's amounts. */
export const PRICE_CURRENCY = "RUB";

/** `amount` (already formatted) with the currency: `17,367.00 RUB`. */
export function inCurrency(formatted: string): string {
  return `${formatted} ${PRICE_CURRENCY}`;
}
