/** Endpoints of the VM service: catalog (placeholder until the slice lands). */
export const catalogEndpoints = {} as const;
