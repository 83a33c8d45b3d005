/**
 * Tags as every kind's requests take them. A program gives each tag by name or id; the service
 * takes ids in `tag_ids` and names in `tag_names`, which together replace the tags on an update
 * (docs/api-decisions/network.md). A list left empty is not sent, but no tags at all is
 * `tag_ids: []`, which clears them on an update.
 */
import { isId } from "../inputs/common";

/** The request fields that name `tags` (none when `tags` is undefined: the tags stay as they are). */
export function tagFields(tags: readonly string[] | undefined): {
  tag_ids?: string[];
  tag_names?: string[];
} {
  if (tags === undefined) return {};
  const ids = tags.filter(isId);
  const names = tags.filter((tag) => !isId(tag));
  if (names.length === 0) return { tag_ids: ids };
  return ids.length === 0 ? { tag_names: names } : { tag_ids: ids, tag_names: names };
}

/**
 * The request fields that name `tags` on a create: none when there are no tags, since a new
 * resource has none to clear (an update sends `tag_ids: []` through {@link tagFields} instead).
 */
export function createTagFields(tags: readonly string[] | undefined): {
  tag_ids?: string[];
  tag_names?: string[];
} {
  return tags === undefined || tags.length === 0 ? {} : tagFields(tags);
}
