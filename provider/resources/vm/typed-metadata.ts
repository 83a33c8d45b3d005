/**
 * The typed metadata inputs of `Vm` and `FreeTierVm` (`hostname`, `userName`,
 * `sshPublicKeys`) and how they meet the chosen image. Real images name their fields as they
 * like (`username`, `ssh_pub_key`, ...) but type each one with a MetaType, so the typed inputs
 * go to whichever field the image declares with their type; `imageMetadata` holds the values
 * of every other field. The password is typed too, but never travels as metadata: the VM
 * response echoes metadata values, so it is set through `set-password` instead (see
 * docs/api-decisions/compute.md). `check` refuses a typed input the image has no field for, a
 * typed field given through `imageMetadata`, and a required field left empty, each naming the
 * input to set.
 */
import type { MetaType } from "../../../api/vm/enums";
import type { ImageMetadataItem, ImageResponse } from "../../../api/vm/images";
import { propertyPath } from "../../framework/check-failures";
import { isUnknown } from "../../framework/unknowns";
import { InputError } from "../framework/input-error";
import type { VmOutputs } from "../outputs/vm";

/** The typed metadata values of a VM, as a program gives them and the outputs hold them. */
export type TypedMetadata = Pick<VmOutputs, "hostname" | "userName" | "sshPublicKeys">;

/** The name of a typed metadata input. */
export type TypedInput = keyof TypedMetadata;

/** The MetaType each typed input fills. */
export const TYPED_FIELDS: Readonly<Record<TypedInput, MetaType>> = {
  hostname: "hostname",
  userName: "linux_login",
  sshPublicKeys: "public_key",
};

const TYPED_INPUTS = Object.keys(TYPED_FIELDS) as TypedInput[];

/** MetaTypes that hold a password: the `password` input, applied with `set-password`. */
export const PASSWORD_FIELD_TYPES: ReadonlySet<string> = new Set([
  "linux_password",
  "plain_password",
]);

/** What `check` and create judge: the typed inputs, the password and the other fields. */
export type MetadataInputs = TypedMetadata & {
  imageMetadata?: Record<string, string> | undefined;
  password?: string | undefined;
};

/** The typed input that fills fields of `type` (`password` for password types). */
function inputForType(type: string): TypedInput | "password" | undefined {
  if (PASSWORD_FIELD_TYPES.has(type)) return "password";
  return TYPED_INPUTS.find((input) => TYPED_FIELDS[input] === type);
}

/** The image's fields in display order. */
function inDisplayOrder(image: Pick<ImageResponse, "image_metadata">): ImageMetadataItem[] {
  return [...image.image_metadata].sort((a, b) => a.display_position - b.display_position);
}

/** The field a typed input fills on `image`: its first field of the input's type. */
export function fieldFor(image: ImageResponse, input: TypedInput): ImageMetadataItem | undefined {
  return inDisplayOrder(image).find((f) => f.field_type === TYPED_FIELDS[input]);
}

/** A typed value as one metadata string: SSH keys one per line. */
function encode(input: TypedInput, value: string | string[]): string {
  return input === "sshPublicKeys" ? (value as string[]).join("\n") : (value as string);
}

/** The fields of `image`, listed for messages: `name (type)`. */
function fieldList(image: ImageResponse): string {
  return (
    inDisplayOrder(image)
      .map((f) => `${f.name} (${f.field_type})`)
      .join(", ") || "none"
  );
}

/**
 * Checks the metadata inputs against `image`: every typed input has a field of its type, every
 * `imageMetadata` key is a field of the image that no typed input owns, and every mandatory
 * group has a value given or a default. Unknown values (preview) count as given.
 */
export function checkImageMetadata(image: ImageResponse, inputs: MetadataInputs): void {
  for (const input of TYPED_INPUTS) {
    if (inputs[input] === undefined) continue;
    if (fieldFor(image, input) === undefined) {
      throw new InputError(
        input,
        `image ${image.name} has no ${TYPED_FIELDS[input]} field to take ${input}; its fields are: ` +
          `${fieldList(image)}. Remove ${input}, or give the value in imageMetadata under the field's name`,
      );
    }
  }
  const given = isUnknown(inputs.imageMetadata) ? undefined : inputs.imageMetadata;
  for (const key of Object.keys(given ?? {})) {
    const field = image.image_metadata.find((f) => f.name === key);
    if (field === undefined) {
      throw new InputError(
        propertyPath(["imageMetadata", key]),
        `image ${image.name} has no metadata field "${key}"; its fields are: ${fieldList(image)}`,
      );
    }
    const owner = inputForType(field.field_type);
    if (owner !== undefined) {
      throw new InputError(
        propertyPath(["imageMetadata", key]),
        `field "${key}" of image ${image.name} is its ${field.field_type} field; set ${owner} instead` +
          (owner === "password" ? " (a secret, never sent as metadata)" : ""),
      );
    }
  }
  const groups = new Map<string, ImageMetadataItem[]>();
  for (const f of inDisplayOrder(image)) {
    if (f.mandatory_group === undefined) continue;
    groups.set(f.mandatory_group, [...(groups.get(f.mandatory_group) ?? []), f]);
  }
  for (const members of groups.values()) {
    if (isUnknown(inputs.imageMetadata)) break;
    const filled = members.some((f) => {
      if ((f.default_value ?? "") !== "") return true;
      const owner = inputForType(f.field_type);
      if (owner === undefined) return (given?.[f.name] ?? "") !== "";
      const value = inputs[owner];
      return isUnknown(value) || (Array.isArray(value) ? value.length > 0 : (value ?? "") !== "");
    });
    if (filled) continue;
    const first = members[0]!;
    const owner = inputForType(first.field_type);
    const where = owner ?? propertyPath(["imageMetadata", first.name]);
    throw new InputError(
      where,
      `image ${image.name} requires its "${first.name}" field (${first.display_name}, ${first.field_type}) ` +
        `and has no default for it; set ${where}`,
    );
  }
}

/**
 * The `image_metadata` a create or rebuild sends: the other fields as given, plus each typed
 * input under the name of the image's field of its type. Undefined when there is nothing.
 */
export function metadataBody(
  image: ImageResponse,
  inputs: MetadataInputs,
): Record<string, string> | undefined {
  const body: Record<string, string> = { ...(inputs.imageMetadata ?? {}) };
  for (const input of TYPED_INPUTS) {
    const value = inputs[input];
    const field = fieldFor(image, input);
    if (value === undefined || field === undefined) continue;
    body[field.name] = encode(input, value);
  }
  return Object.keys(body).length === 0 ? undefined : body;
}

/** The metadata field types of an image, by field name (kept in the outputs). */
export function fieldTypesOf(image: ImageResponse | undefined): Record<string, string> {
  return Object.fromEntries((image?.image_metadata ?? []).map((f) => [f.name, f.field_type]));
}

/**
 * Splits a VM's metadata values by the image's field types: the typed ones become the typed
 * outputs (the first field of each type), password-typed ones are dropped (never recorded),
 * and the rest stay `imageMetadata`. A field of unknown type is one of the rest.
 */
export function splitMetadata(
  values: Record<string, string>,
  types: Record<string, string>,
): { typed: TypedMetadata; other: Record<string, string> } {
  const typed: TypedMetadata = {};
  const other: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const owner = inputForType(types[name] ?? "");
    if (owner === "password") continue;
    if (owner === undefined) {
      other[name] = value;
      continue;
    }
    if (typed[owner] !== undefined) continue;
    if (owner === "sshPublicKeys") {
      typed.sshPublicKeys = value.split(/\r?\n/).filter((line) => line.trim() !== "");
    } else {
      typed[owner] = value;
    }
  }
  return { typed, other };
}

/**
 * The metadata values that {@link splitMetadata} turned into `outs` (the typed fields under a
 * field name of their type, then `imageMetadata`), so that outputs made again from them are
 * the same; undefined when the recorded types name no field for a typed value.
 */
export function metadataFieldsOf(
  outs: TypedMetadata & Pick<MetadataOutputs, "imageMetadata" | "imageMetadataTypes">,
): Array<{ name: string; value: string }> | undefined {
  const types = Object.entries(outs.imageMetadataTypes ?? {});
  const fields: Array<{ name: string; value: string }> = [];
  for (const input of TYPED_INPUTS) {
    const value = outs[input];
    if (value === undefined) continue;
    const name = types.find(([, type]) => type === TYPED_FIELDS[input])?.[0];
    if (name === undefined) return undefined;
    fields.push({ name, value: encode(input, value) });
  }
  return [
    ...fields,
    ...Object.entries(outs.imageMetadata).map(([name, value]) => ({ name, value })),
  ];
}

/**
 * The typed inputs that differ from the image's defaults (what an import writes into the
 * program: a value equal to the default is what leaving the input unset gives).
 */
export function typedInputsOf(
  typed: TypedMetadata,
  defaults: Record<string, string>,
  types: Record<string, string>,
): TypedMetadata {
  const { typed: fromDefaults } = splitMetadata(defaults, types);
  const result: TypedMetadata = {};
  for (const input of TYPED_INPUTS) {
    const value = typed[input];
    if (value === undefined) continue;
    if (JSON.stringify(value) === JSON.stringify(fromDefaults[input])) continue;
    (result as Record<string, unknown>)[input] = value;
  }
  return result;
}

/** What a VM kind's outputs hold of the image's metadata. */
export interface MetadataOutputs extends TypedMetadata {
  /** Every metadata value the VM has, by field name. */
  imageMetadata: Record<string, string>;
  /** The image's defaults, by field name. */
  imageMetadataDefaults: Record<string, string>;
  /** The type of each field, when the image says. */
  imageMetadataTypes?: Record<string, string> | undefined;
}

/**
 * The metadata inputs that differ from the image's defaults, for an import of either VM kind:
 * the typed inputs, and `imageMetadata` for the other fields (absent when none differs).
 */
export function metadataInputsOf(outs: MetadataOutputs): TypedMetadata & {
  imageMetadata?: Record<string, string>;
} {
  const metadata = Object.fromEntries(
    Object.entries(outs.imageMetadata).filter(
      ([key, value]) => outs.imageMetadataDefaults[key] !== value,
    ),
  );
  return {
    ...typedInputsOf(outs, outs.imageMetadataDefaults, outs.imageMetadataTypes ?? {}),
    ...(Object.keys(metadata).length === 0 ? {} : { imageMetadata: metadata }),
  };
}

/**
 * Diff of a typed input: unset takes whatever the image fills (not compared); set must equal
 * what the VM has (SSH keys in any order).
 */
export function sameTyped(input: TypedInput) {
  return (next: unknown, olds: Record<string, unknown>): boolean => {
    if (next === undefined || next === null) return true;
    const actual = olds[input];
    if (input !== "sshPublicKeys") return next === actual;
    if (!Array.isArray(next) || !Array.isArray(actual)) return false;
    return JSON.stringify([...next].sort()) === JSON.stringify([...actual].sort());
  };
}
