/** Small reads of a request that the core and the services share. */

/** Request headers as Node parses them: a repeated header is an array. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** One request header as text (the first value when repeated). */
export function headerText(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The path of a request URL as sent, without its query. */
export function pathOf(url: string): string {
  return url.split("?")[0]!;
}
