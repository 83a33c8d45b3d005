import * as vmcloud from "@vmcloud/pulumi";

const org = vmcloud.getOrganizationOutput({});

export const organizationId = org.id;
// Each quota (`limits`) has its `limitType`, `value` and `currentValue`: the vCPUs left are
// the `vcpus` entry's value minus its currentValue, the language's own arithmetic (YAML has
// no `find` or subtraction; it can only index).
export const firstLimit = org.apply((r) => r.limits[0]?.limitType);
