/**
 * The cost of a change as a Markdown table for a pull-request comment: one row per priced
 * thing with its monthly price and the change against what the stack holds now, then totals.
 */
import { PRICE_CURRENCY } from "./currency";
import { roundCents, type CostEstimate, type CostLine } from "./estimate";

/** One row: a thing the stack holds after the change, before it, or both. */
export interface CostRow {
  resource: string;
  description: string;
  quantity: string;
  /** Monthly price after the change (0 when removed); undefined when not priced. */
  after: number | undefined;
  /** Monthly price now (0 when new); undefined when not priced. */
  before: number | undefined;
  /** `new`, `removed`, `changed` or `same`. */
  status: "new" | "removed" | "changed" | "same";
  note?: string;
}

function key(line: CostLine): string {
  return `${line.kind}\u0000${line.resource}`;
}

/** Rows for a change from `before` (what the stack holds now) to `after`. */
export function costRows(before: CostEstimate, after: CostEstimate): CostRow[] {
  const old = new Map(before.lines.map((l) => [key(l), l]));
  const rows: CostRow[] = [];
  for (const line of after.lines) {
    const was = old.get(key(line));
    old.delete(key(line));
    const status =
      was === undefined
        ? "new"
        : was.monthly === line.monthly &&
            was.description === line.description &&
            was.quantity === line.quantity
          ? "same"
          : "changed";
    rows.push({
      resource: line.resource,
      description: line.description,
      quantity: line.quantity,
      after: line.monthly,
      before: was === undefined ? 0 : was.monthly,
      status,
      ...(line.note === undefined ? {} : { note: line.note }),
    });
  }
  for (const line of old.values()) {
    rows.push({
      resource: line.resource,
      description: line.description,
      quantity: line.quantity,
      after: 0,
      before: line.monthly,
      status: "removed",
    });
  }
  return rows;
}

/** `1234.5` as `1,234.50`. */
export function money(amount: number): string {
  return amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A signed change: `+12.00`, `−3.50`, `0.00`. */
export function signed(amount: number): string {
  const rounded = roundCents(amount);
  if (rounded === 0) return "0.00";
  return rounded > 0 ? `+${money(rounded)}` : `−${money(-rounded)}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/**
 * The Markdown table of `rows` with the totals before and after, in `options.currency`
 * (default: the price service's, {@link PRICE_CURRENCY}).
 */
export function renderCostTable(
  rows: readonly CostRow[],
  totals: { before: number; after: number },
  options: { currency?: string; title?: string } = {},
): string {
  const code = options.currency ?? PRICE_CURRENCY;
  const currency = ` (${code})`;
  const out: string[] = [];
  out.push(`### ${options.title ?? "vmcloud cost estimate"}`, "");
  out.push(`| Resource | Quantity | Monthly price${currency} | Change |`);
  out.push("| --- | --- | ---: | ---: |");
  for (const row of rows) {
    const what = row.status === "removed" ? `~~${row.resource}~~` : row.resource;
    const price =
      row.after === undefined ? "not priced" : row.status === "removed" ? "—" : money(row.after);
    const change =
      row.after === undefined || row.before === undefined
        ? "?"
        : row.status === "new"
          ? `${signed(row.after)} (new)`
          : row.status === "removed"
            ? `${signed(-row.before)} (removed)`
            : signed(row.after - row.before);
    const note = row.note === undefined ? "" : ` — ${row.note}`;
    out.push(
      `| ${cell(`${what}: ${row.description}${note}`)} | ${cell(row.quantity)} | ${price} | ${change} |`,
    );
  }
  out.push(
    `| **Total** | | **${money(totals.after)}** | **${signed(totals.after - totals.before)}** |`,
  );
  const unpriced = rows.filter((r) => r.after === undefined).length;
  out.push("");
  out.push(
    `Monthly total ${money(totals.after)} ${code} (now ${money(totals.before)} ${code}; change ` +
      `${signed(totals.after - totals.before)} ${code}).` +
      (unpriced > 0 ? ` ${unpriced} item(s) not priced: their values are not known yet.` : ""),
  );
  return out.join("\n");
}
