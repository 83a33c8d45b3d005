/**
 * How a fix that names an input reads, in every message: the input by its name in the package
 * schema (`adoptId`, `interfaces[0].interfaceId`: the names YAML programs write and every SDK's
 * reference pages list), the value written plainly, and no language's syntax (never
 * `adoptId: "…"` or `placementGroup: group.id`, which are TypeScript). Where a Python program
 * says its language, the plugin says the names in Python's spelling on the way out
 * (provider/plugin/program-language.ts); see docs/api-decisions/program-review.md.
 */

/** `set adoptId to "8173…"`: a fix that gives an input a value. */
export function setInput(property: string, value: string | number | boolean): string {
  return `set ${property} to ${typeof value === "string" ? JSON.stringify(value) : String(value)}`;
}

/** `set placementGroup to the PlacementGroup's id`: a fix that refers to another resource. */
export function referTo(property: string, resource: string): string {
  return `set ${property} to the ${resource}'s id`;
}
