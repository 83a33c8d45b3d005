/** Endpoints of the VM service: disks (placeholder until the slice lands). */
export const disksEndpoints = {} as const;
