/** Endpoints of the VM service: network (placeholder until the slice lands). */
export const networkEndpoints = {} as const;
