/**
 * The partial update most resources send when their name, description or tags change: only
 * the fields that changed, tags by name or id (an unset description is empty, unset tags none).
 */
import { tagFields } from "../framework/tag-fields";

/** The inputs such an update reads. */
export interface Details {
  name: string;
  description?: string | undefined;
  tags?: string[] | undefined;
}

/** The request body for the `changed` ones among name, description and tags of `news`. */
export function detailsUpdate(
  changed: readonly string[],
  news: Details,
): { name?: string; description?: string; tag_ids?: string[]; tag_names?: string[] } {
  return {
    ...(changed.includes("name") ? { name: news.name } : {}),
    ...(changed.includes("description") ? { description: news.description ?? "" } : {}),
    ...(changed.includes("tags") ? tagFields(news.tags ?? []) : {}),
  };
}
