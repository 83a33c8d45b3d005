/**
 * How an end-to-end suite tells that a failed preview named what it should: the resource (or the
 * function) at fault and its property (or argument).
 */

/**
 * True when a preview's text names the resource (or function) `resource`, as the engine quotes
 * it, and the property `property` at fault, in the one path syntax the provider writes
 * (`disks[0].size`).
 */
export function namesResourceAndProperty(
  text: string,
  resource: string,
  property: string,
): boolean {
  const resourcePattern = new RegExp(`\\(${resource}\\)|'${resource}'|${resource}:`);
  const escaped = property.replace(/[[\].]/g, (c) => `\\${c}`);
  const propertyPattern = new RegExp(`(?:property |")${escaped}(?=[\\s:"]|$)|\\b${escaped}:`);
  return resourcePattern.test(text) && propertyPattern.test(text);
}
