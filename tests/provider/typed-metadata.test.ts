// The metadata a VM's outputs record, turned back into the values they were split from
// (what a refresh from the lists does, provider/resources/vm/listed-read.ts): splitting them
// again gives the same outputs, and a typed value whose field type is not recorded is refused.
import { describe, expect, it } from "vitest";
import { metadataFieldsOf, splitMetadata } from "../../provider/resources/vm/typed-metadata";

const TYPES = {
  host: "hostname",
  login: "linux_login",
  keys: "public_key",
  secret: "linux_password",
  region: "string",
};

describe("metadataFieldsOf", () => {
  it("gives back values that split into the same typed outputs and other fields", () => {
    const values = {
      host: "web-1",
      login: "admin",
      keys: "ssh-rsa AAA one\nssh-ed25519 BBB two",
      secret: "never-recorded",
      region: "north",
    };
    const split = splitMetadata(values, TYPES);
    expect(split.typed).toEqual({
      hostname: "web-1",
      userName: "admin",
      sshPublicKeys: ["ssh-rsa AAA one", "ssh-ed25519 BBB two"],
    });
    const fields = metadataFieldsOf({
      ...split.typed,
      imageMetadata: split.other,
      imageMetadataTypes: TYPES,
    });
    const again = splitMetadata(Object.fromEntries(fields!.map((f) => [f.name, f.value])), TYPES);
    expect(again).toEqual(split);
    // The password is never recorded, so it is not given back either.
    expect(fields!.map((f) => f.name)).not.toContain("secret");
  });

  it("is undefined when the recorded types name no field for a typed value", () => {
    expect(
      metadataFieldsOf({ hostname: "web-1", imageMetadata: {}, imageMetadataTypes: {} }),
    ).toBeUndefined();
    expect(metadataFieldsOf({ imageMetadata: { region: "north" } })).toEqual([
      { name: "region", value: "north" },
    ]);
  });
});
