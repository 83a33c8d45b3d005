/**
 * Validation errors name every offending field, as the real service does (its 422 items carry
 * `field`, its FastAPI-style ones `loc`), unions included; and routing comes before body
 * parsing, so an unknown path is a 404 whatever its body.
 */
import { describe, expect, it } from "vitest";
import { useTestEmulator } from "../support/emulator";

const emu = useTestEmulator();

const vm = () => emu.fixtures.vm;

function vmCreate(disk: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return [
    {
      name: "fidelity",
      project_id: vm().projectId,
      availability_zone_id: vm().zones[0]!.id,
      flavor_id: vm().flavors.find((f) => f.name === "gen-2-4")!.id,
      image_id: vm().images[0]!.id,
      disks: [disk],
      interfaces: [{ type: "regular", subnet_id: vm().defaultSubnets[0]!.id }],
      ...extra,
    },
  ];
}

describe("validation errors name every offending field", () => {
  it("refuses an empty integer in the query (`?offset=`), which is no integer, not 0", async () => {
    // Schemathesis found the placement-group list answering 200 to `offset=` (ST201).
    for (const path of ["/api/v1/placement-groups", "/api/v1/disks", "/api/v1/flavors"]) {
      for (const param of ["offset", "limit"]) {
        const reply = await emu.call("GET", `${path}?project_id=${vm().projectId}&${param}=`);
        expect(reply.status, `${path} ${param}`).toBe(422);
        expect(reply.body).toMatchObject([{ code: "validation_error", field: param }]);
      }
    }
    const spaced = await emu.call("GET", `/api/v1/disks?project_id=${vm().projectId}&offset=%20`);
    expect(spaced.status).toBe(422);
    const given = await emu.call("GET", `/api/v1/disks?project_id=${vm().projectId}&offset=0`);
    expect(given.status).toBe(200);
  });

  it("names a forbidden extra field of a new disk inside a VM create (a union member)", async () => {
    const reply = await emu.call("POST", "/api/v1.1/vms", {
      body: vmCreate({ name: "boot", size: 10, disk_type_name: "SSD", bootable: true }),
    });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual([
      {
        code: "extra_forbidden",
        message: 'unknown field "0.disks.0.bootable" is not allowed',
        field: "0.disks.0.bootable",
      },
    ]);
  });

  it("names the field of the member an existing disk comes closest to", async () => {
    const reply = await emu.call("POST", "/api/v1.1/vms", {
      body: vmCreate({ disk_id: "not-a-uuid", bootable: true }),
    });
    expect(reply.status).toBe(422);
    const fields = (reply.body as Array<{ field: string; code: string }>).map((e) => e.field);
    expect(fields.sort()).toEqual(["0.disks.0.bootable", "0.disks.0.disk_id"]);
  });

  it("lists every field at fault in one answer, extra and invalid alike", async () => {
    const reply = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: vm().projectId,
        availability_zone_id: vm().zones[0]!.id,
        disk_type_id: vm().diskTypes[0]!.id,
        name: "9-starts-with-a-digit",
        size: 0,
        bootable: true,
        surprise: false,
      },
    });
    expect(reply.status).toBe(422);
    const items = reply.body as Array<{ code: string; field: string }>;
    expect(items.map((e) => e.field).sort()).toEqual(["bootable", "name", "size", "surprise"]);
    expect(items.filter((e) => e.code === "extra_forbidden").map((e) => e.field)).toEqual([
      "bootable",
      "surprise",
    ]);
  });

  it("gives FastAPI-style errors a loc of where, then the path, indexes as numbers", async () => {
    const reply = await emu.call("DELETE", "/api/v1/vms/bulk_delete", {
      body: [{ virtual_machine_id: "not-a-uuid", surprise: 1 }],
    });
    expect(reply.status).toBe(422);
    const detail = (reply.body as { detail: Array<{ loc: unknown[]; type: string }> }).detail;
    expect(detail.map((d) => d.loc)).toEqual([
      ["body", 0, "virtual_machine_id"],
      ["body", 0, "surprise"],
    ]);
    expect(detail.map((d) => d.type)).toEqual(["validation_error", "extra_forbidden"]);
  });
});

describe("routing comes before body parsing", () => {
  it("answers 404 for an unknown path whatever its body", async () => {
    for (const [type, body] of [
      ["text/plain", "hello"],
      ["application/json", "{not json"],
      ["application/x-www-form-urlencoded", "a=b"],
    ] as const) {
      const reply = await emu.call("POST", "/api/v1/nothing-here", {
        rawBody: body,
        headers: { "content-type": type },
      });
      expect(reply.status, type).toBe(404);
      expect(reply.body, type).toEqual([
        { code: "route_not_found", message: "no endpoint POST /api/v1/nothing-here" },
      ]);
    }
  });

  it("still refuses malformed JSON on a path that exists", async () => {
    const reply = await emu.call("POST", "/api/v1/disks", {
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual([
      { code: "malformed_json", message: "the request body is not valid JSON", field: "" },
    ]);
  });
});
