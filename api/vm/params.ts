/**
 * Schemas of the VM service's parameter lists (`/api/v1/params/{vm,disk,subnet,flavor}`): the
 * values a kind's field takes, each with the text shown for it. The document's parameter types
 * are the states of VMs, disks and subnets and the flavors' vCPU shares and types.
 */
import { z } from "zod";

/** `VmParamTypes`. */
export const VmParamType = z.enum(["vm-state"]).describe("Parameter type");
/** `DiskParamTypes`. */
export const DiskParamType = z.enum(["disk-state"]).describe("Parameter type");
/** `SubnetParamTypes`. */
export const SubnetParamType = z.enum(["subnet-state"]).describe("Parameter type");
/** `FlavorParamTypes`. */
export const FlavorParamType = z
  .enum(["oversubscription", "flavor-type"])
  .describe("Parameter type");

/** The query of a parameter list: one type of its kind, or (absent) every type. */
export function paramQuery<T extends z.ZodEnum>(type: T) {
  return z.object({
    param_type: type.optional().describe("Only parameters of this type (default: all)"),
  });
}

/** `ParamResponse`: one value of a parameter type. */
export const ParamResponse = z
  .strictObject({
    param_type: z.string().describe("Parameter type, e.g. vm-state"),
    value: z.string().describe("The value, as the API's fields carry it"),
    display_text: z.string().describe("Text shown to people for the value"),
  })
  .describe("Parameter value");
/** A value of {@link ParamResponse}. */
export type ParamResponse = z.infer<typeof ParamResponse>;

/** `ParamListResponse`. */
export const ParamListResponse = z
  .strictObject({ params: z.array(ParamResponse).describe("Parameter values") })
  .describe("Parameter values");
/** A value of {@link ParamListResponse}. */
export type ParamListResponse = z.infer<typeof ParamListResponse>;
