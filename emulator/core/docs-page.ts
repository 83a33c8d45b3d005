/** A plain HTML page listing every endpoint, for people browsing the emulator. */
import type { AnyEndpoint } from "../../api/endpoint";

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The `/docs` page for the endpoints of `tables`. */
export function docsPage(tables: ReadonlyArray<Readonly<Record<string, AnyEndpoint>>>): string {
  const rows = tables
    .flatMap((table) => Object.values(table))
    .map(
      (e) =>
        `<tr><td>${e.service}</td><td><code>${e.method}</code></td><td><code>${escape(e.path)}</code></td>` +
        `<td>${escape(e.summary)}</td><td>${e.response.status}</td><td>${Object.keys(e.errors).join(", ")}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>vmcloud emulator</title>
<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style>
</head><body>
<h1>vmcloud emulator</h1>
<p>The machine-readable description is at <a href="/openapi.json">/openapi.json</a>.
Admin API: <code>GET /_emulator/fixtures</code>, <code>POST /_emulator/reset</code>,
<code>GET /_emulator/state</code>, <code>PUT /_emulator/faults</code>, <code>GET /_emulator/requests</code>.</p>
<table><thead><tr><th>service</th><th>method</th><th>path</th><th>what it does</th><th>success</th><th>errors</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
}
