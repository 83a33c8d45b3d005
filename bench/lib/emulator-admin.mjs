// The emulator's admin API (`/_emulator/…`), as the benchmarks that run stacks against it use it.

/**
 * The admin API of `emulator` (as `startEmulator` answers it): `admin(method, path, body)`
 * sends one request and answers its JSON; an error status throws with the answer's text.
 */
export function adminOf(emulator) {
  return async (method, path, body) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/**
 * Raises the quotas of the project's organization (200 VMs, 500 disks, 500 interfaces by
 * default) to what the scale stack of `vms` VMs and `groups` subnets and groups needs, twice
 * over: a stack's records being deleted still count.
 */
export function raiseQuotas(admin, projectId, vms, groups) {
  return admin("PUT", "/_emulator/vm/quotas", {
    project_id: projectId,
    limits: {
      vms: 2 * vms + 10,
      vcpus: 4 * vms + 100,
      ram: 4 * vms + 100,
      disks: 4 * vms + 100,
      disks_size: 40 * vms + 1000,
      interfaces: 2 * vms + 100,
      subnets: 2 * groups + 100,
      security_groups: 2 * groups + 100,
      security_group_rules: 4 * groups + 2000,
    },
  });
}
