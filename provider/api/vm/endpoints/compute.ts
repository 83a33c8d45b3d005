/** Endpoints of the VM service: compute (placeholder until the slice lands). */
export const computeEndpoints = {} as const;
