import * as vmcloud from "@vmcloud/pulumi";

const access = vmcloud.getProjectPermissionsOutput({});

// A program that must stop without `vm.admin` checks this list in its own language (YAML has
// no `if`; the provider's checks refuse what the token may not do anyway).
export const permissions = access.permissions;
