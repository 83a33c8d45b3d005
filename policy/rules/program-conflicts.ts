/**
 * `vmcloud-program-conflicts`: the mistakes between resources of one program that the service
 * would refuse, judged on the whole stack with the rules the provider's checks use
 * (provider/rules): resources that refer to each other (a disk attached to a VM of another
 * zone, a VM's subnet, security group, external IP or disk in another zone, a fixed address
 * outside its subnet, a rule's remote group in another zone), and the new resources that clash
 * without referring to each other (overlapping subnets, names the service requires to be
 * unique, one fixed address twice in a subnet, a second free-tier VM). During a preview a new
 * resource's id is unknown; what an input refers to is found through the dependencies the
 * engine records for it. The provider's checks judge the same in any program as the engine
 * checks each resource; this policy judges programs of any language in one place, also what
 * the provider cannot see there (references by ids not known yet, which the TypeScript, Python
 * and Go SDKs describe to it, but a YAML program cannot). A program's resource that refers to
 * an object that exists already (a new disk attached to an existing VM, by its id) is judged
 * against that object as the service shows it, read by id with the stack's connection settings
 * (`vmcloud:*` config, else `VMCLOUD_*`); with none, or no answer, that pair is left to the
 * provider's check.
 */
import { zoneResolver } from "../../provider/rules/parties";
import { programFailures, type ProgramResource } from "../../provider/rules/program";
import {
  declaredSide,
  knownString,
  pathKeys,
  REFERENCE_FACTS,
  referenceFailures,
  referencePaths,
  type ProgramRef,
} from "../../provider/rules/references";
import { isUnknown, valueAt } from "../../provider/framework/unknowns";
import type { VmCloudClient } from "../../provider/client";
import { connectForCost } from "../../provider/cost/connect";
import { readableKind, serviceSide } from "../../provider/resources/program/service-side";
import { label, stackRule, type StackRuleResource, type StackViolation } from "../lib/define";
import { zonesForIds } from "../lib/service-catalog";
import { stackConfig } from "../lib/stack-config";
import { engineValues, type Props } from "../lib/values";

/**
 * A client for reading the objects the stack's resources refer to by known id, from the stack's
 * own connection settings; undefined when they are missing or invalid (nothing is read then).
 */
function readerOf(): VmCloudClient | undefined {
  const connection = connectForCost(
    { endpoint: "", token: "", projectId: "" },
    { stackConfig: stackConfig(), explicitNames: {} },
  );
  return connection.ok ? connection.client : undefined;
}

/** A vmcloud resource of the stack, as the rules see it. */
interface Judged {
  readonly resource: StackRuleResource;
  readonly program: ProgramResource;
  /** Not made yet: no creation time among its properties. */
  readonly isNew: boolean;
}

/**
 * What `r`'s inputs refer to among the stack's resources: an input not known yet whose
 * top-level property depends on exactly one resource of the kind it refers to.
 */
function refsOf(
  r: StackRuleResource,
  inputs: Record<string, unknown>,
  byUrn: ReadonlyMap<string, StackRuleResource>,
): Record<string, ProgramRef> {
  const refs: Record<string, ProgramRef> = {};
  for (const { path, kind } of referencePaths(r.typeName!, inputs)) {
    if (!isUnknown(valueAt(inputs, pathKeys(path)))) continue;
    const top = String(pathKeys(path)[0]);
    const candidates = (r.propertyDependencies[top] ?? [])
      .map((urn) => byUrn.get(urn))
      .filter((d): d is StackRuleResource => d?.typeName === kind);
    const [target] = candidates;
    if (candidates.length !== 1 || target === undefined) continue;
    const facts = engineValues(target.props) as Record<string, unknown>;
    refs[path] = {
      typeName: kind,
      name: target.name,
      facts: Object.fromEntries(
        (REFERENCE_FACTS[kind] ?? []).flatMap((key) =>
          facts[key] === undefined ? [] : [[key, facts[key]]],
        ),
      ),
    };
  }
  return refs;
}

/** The vmcloud resources of the stack, in its order, as the rules see them. */
function judged(resources: readonly StackRuleResource[]): Judged[] {
  const byUrn = new Map(resources.map((r) => [r.urn, r]));
  return resources.flatMap((r) => {
    if (r.typeName === undefined) return [];
    const inputs = engineValues(r.props as Props) as Record<string, unknown>;
    return [
      {
        resource: r,
        program: { typeName: r.typeName, name: r.name, inputs, refs: refsOf(r, inputs, byUrn) },
        isNew: typeof r.props["createdTime"] !== "string",
      },
    ];
  });
}

/** Mandatory: one violation per mistake, on the resource judged, naming the other. */
export const programConflicts = stackRule<object>({
  name: "vmcloud-program-conflicts",
  description:
    "Resources of one program must not clash: zones, addresses, ranges, unique names and the free-tier slot.",
  enforcementLevel: "mandatory",
  configSchema: { properties: {} },
  async check(resources) {
    // A zone given by id is one with its name, through the service's zones.
    const zone = zoneResolver(await zonesForIds(resources));
    const all = judged(resources);
    let reader: VmCloudClient | undefined | null = null;
    const client = () => (reader === null ? (reader = readerOf()) : reader);
    const violations: StackViolation[] = [];
    const earlier: ProgramResource[] = [];
    for (const { resource, program, isNew } of all) {
      if (!isNew) continue;
      const { typeName, inputs, refs } = program;
      const failures = [
        ...(await referenceFailures(typeName, inputs, refs, async (side) => {
          const declared = declaredSide(side, typeName, inputs, refs, zone);
          if (declared !== undefined || "self" in side || !readableKind(side.kind)) return declared;
          // The other side of a program's resource exists: read it by the id given.
          const id = knownString(valueAt(inputs, pathKeys(side.path)));
          const reading = id === undefined ? undefined : client();
          if (id === undefined || reading === undefined) return undefined;
          return serviceSide(reading, side.kind, id).catch(() => undefined);
        })),
        ...programFailures(program, earlier, { zone }),
      ];
      earlier.push(program);
      for (const failure of failures) {
        violations.push({
          urn: resource.urn,
          message: `${label(program)}: ${failure.property === "(inputs)" ? "" : `${failure.property}: `}${failure.reason}`,
        });
      }
    }
    return violations;
  },
});
