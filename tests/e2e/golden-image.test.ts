// A golden image under the real Pulumi engine against the emulator (issue 28): `up` makes a
// VM kept stopped, an Image of its boot disk (the disk's size as its minimum, the disk's
// image's metadata fields) and a VM that boots from the image by its id; the preview before
// (the image and its disk unknown) passes and the next preview is clean. A rename of the VM
// booted from the image goes in place. `destroy` leaves nothing but the fixtures (no VM, disk
// or image). Never skipped: if the engine cannot be built, `beforeAll` fails.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repo } from "./support/engine";
import { changes, waitForResourceIds, useExampleStack } from "./support/example-stack";

const OP_TIMEOUT = 180_000;
const WORK_DIR = join(repo, "tests/e2e/fixtures/golden-image");
/** Stack, builder VM, image, web VM. */
const RESOURCES = 4;

interface ImageBody {
  id: string;
  type: string;
  min_disk: number;
  project_id: string;
  image_metadata: Array<{ name: string }>;
  availability_zones: Array<{ availability_zone_name: string; enabled: boolean; state: string }>;
}

describe("a golden image made from a stopped VM's boot disk, and a VM booted from it", () => {
  let prefix = "";
  const { emulator, example, fixtureIds } = useExampleStack("golden-image", {
    stack: () => {
      prefix = `gi${Date.now().toString(36)}`;
      return { workDir: WORK_DIR, config: { prefix, webName: `${prefix}-web` } };
    },
  });

  const get = async <T>(path: string): Promise<T> => {
    const reply = await emulator.call("GET", path);
    expect(reply.status, `GET ${path}: ${reply.text}`).toBe(200);
    return reply.body as T;
  };
  const outputs = async () =>
    Object.fromEntries(
      Object.entries(await example.stack.outputs()).map(([k, v]) => [k, v.value]),
    ) as Record<string, unknown>;

  it(
    "previews, then comes up: the image keeps the disk's size and fields, the web VM runs it",
    async () => {
      const first = await example.stack.preview();
      expect(changes(first.changeSummary)).toEqual({ create: RESOURCES });
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: RESOURCES });
      const out = await outputs();

      const image = await get<ImageBody>(`/api/v1/images/${String(out["imageId"])}`);
      const ubuntu = (
        await get<{ items: ImageBody[] }>(
          `/api/v1/images?project_id=${image.project_id}&name=ubuntu-22.04`,
        )
      ).items[0]!;
      expect(image).toMatchObject({ type: "private", min_disk: 20 });
      expect(image.image_metadata.map((m) => m.name)).toEqual(
        ubuntu.image_metadata.map((m) => m.name),
      );
      expect(image.availability_zones).toEqual([
        expect.objectContaining({
          availability_zone_name: "ru.AZ-1",
          enabled: true,
          state: "created",
        }),
      ]);
      expect(out["imageMinDisk"]).toBe(20);
      expect(out["imageFields"]).toEqual(ubuntu.image_metadata.map((m) => m.name));

      const web = await get<{ state: string; image: { id: string } }>(
        `/api/v1/vms/${String(out["webId"])}`,
      );
      expect(web).toMatchObject({ state: "running", image: { id: out["imageId"] } });
      const builder = await get<{ state: string }>(`/api/v1/vms/${String(out["builderId"])}`);
      expect(builder.state).toBe("stopped");

      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});
    },
    OP_TIMEOUT,
  );

  it(
    "renames the VM booted from the image in place",
    async () => {
      const before = await outputs();
      await example.stack.setConfig("webName", { value: `${prefix}-web2` });
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
      expect((await outputs())["webId"]).toBe(before["webId"]);
      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything: no VM, disk or image is left",
    async () => {
      const imageId = String((await outputs())["imageId"]);
      const destroy = await example.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(destroy.summary.resourceChanges).toEqual({ delete: RESOURCES });
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
      expect((await emulator.call("GET", `/api/v1/images/${imageId}`)).status).toBe(404);
    },
    OP_TIMEOUT,
  );
});
