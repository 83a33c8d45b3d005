import { describe, expect, it } from "vitest";
import { fixtureId } from "../../../emulator/vm/models/shared";
import { BackupRestore, DestinationPath } from "../../../api/operations/backup-restore";
import { opsProjectId, OpsProjectId } from "../../../api/operations/common";
import { ReportedEvent } from "../../../api/operations/events";
import { alarmId } from "../../../emulator/operations/models/alarms";
import {
  indexNameProblem,
  indexTextProblem,
  splitIndices,
} from "../../../api/operations/index-snapshot-restore";
import { parseDockerLvmConfig, UserPassword } from "../../../api/operations/node-migration";
import { passwordProblems } from "../../../api/operations/password-policy";
import { UpgradeDetailQuery } from "../../../api/operations/upgrade-detail";

describe("operations schemas", () => {
  it("derives the 32-hex project id from the VM project id", () => {
    const id = opsProjectId(fixtureId("project"));
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(OpsProjectId.safeParse(id).success).toBe(true);
    expect(OpsProjectId.safeParse(fixtureId("project")).success).toBe(false);
  });

  it("applies the password policy with the default user name root", () => {
    expect(passwordProblems("Str0ng-Passw0rd!")).toEqual([]);
    expect(passwordProblems("abc")).toHaveLength(2);
    expect(passwordProblems("Abcdefgh")).toEqual([
      "must use at least three of: uppercase letters, lowercase letters, digits, special characters",
    ]);
    expect(passwordProblems("ROOTabc123")[0]).toContain('user name "root"');
    expect(passwordProblems("Admin-123x", "admin")[0]).toContain('user name "admin"');
    expect(passwordProblems("Nimda-123x", "admin")[0]).toContain("reversed");
    expect(passwordProblems("A".repeat(10) + "a1!" + "b".repeat(13))).toEqual([]);
    expect(passwordProblems("A".repeat(10) + "a1!" + "b".repeat(14))[0]).toContain("8 to 26");
    const parsed = UserPassword.parse({ password: "Str0ng-Passw0rd!" });
    expect(parsed.username).toBe("root");
    expect(UserPassword.safeParse({ username: "ops", password: "Sops-1234" }).success).toBe(false);
  });

  it("applies the index character rules (commas only in indices) and the index name rules", () => {
    expect(indexTextProblem("logs-*,orders", true)).toBeUndefined();
    expect(indexTextProblem("logs-*,orders", false)).toBe("must not contain a comma");
    expect(indexTextProblem("Logs", true)).toBe("must not contain uppercase letters");
    expect(indexTextProblem("a\tb", true)).toBe("must not contain spaces");
    expect(indexTextProblem("a|b", true)).toBe("must not contain the character |");
    expect(splitIndices(" a,,b ")).toEqual(["a", "b"]);
    expect(splitIndices(undefined)).toEqual([]);
    expect(indexNameProblem("restored-orders")).toBeUndefined();
    expect(indexNameProblem("_orders")).toContain("must not start");
    expect(indexNameProblem("a*")).toContain("*");
  });

  it("requires metadata keys on reported events and derives a stable alarm id", () => {
    const metadata = {
      event_name: "n",
      event_severity: "Info",
      event_type: "alarm",
      resource_provider: "p",
      resource_type: "t",
      resource_id: "r",
    } as const;
    expect(ReportedEvent.safeParse({ metadata }).success).toBe(true);
    expect(ReportedEvent.safeParse({ metadata: { ...metadata, extra: "kept" } }).success).toBe(
      true,
    );
    expect(ReportedEvent.safeParse({ metadata: { ...metadata, extra: 1 } }).success).toBe(false);
    expect(alarmId(metadata)).toBe(alarmId({ ...metadata }));
    expect(alarmId(metadata)).not.toBe(alarmId({ ...metadata, resource_id: "r2" }));
    expect(alarmId(metadata)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("checks VM versus disk restoration and the destination path length", () => {
    expect(BackupRestore.safeParse({ volume_id: "v" }).success).toBe(true);
    expect(
      BackupRestore.safeParse({ server_id: "s", mappings: [{ backup_id: "b", volume_id: "v" }] })
        .success,
    ).toBe(true);
    const twice = BackupRestore.safeParse({
      server_id: "s",
      mappings: [
        { backup_id: "b", volume_id: "v" },
        { backup_id: "c", volume_id: "v" },
      ],
    });
    expect(twice.success).toBe(false);
    expect(DestinationPath.safeParse({ destination_path: "" }).success).toBe(false);
    expect(DestinationPath.safeParse({ destination_path: "x".repeat(255) }).success).toBe(true);
    expect(DestinationPath.safeParse({ destination_path: "x".repeat(256) }).success).toBe(false);
  });

  it("parses DockerLVMConfigOverride and applies the upgrade query defaults", () => {
    expect(
      parseDockerLvmConfig(
        "dockerThinpool=vgpaas/60%VG;kubernetesLV=vgpaas/40%VG;diskType=evs;lvType=linear",
      ),
    ).toEqual({
      items: {
        dockerThinpool: "vgpaas/60%VG",
        kubernetesLV: "vgpaas/40%VG",
        diskType: "evs",
        lvType: "linear",
      },
      problems: [],
    });
    expect(parseDockerLvmConfig("size=1;diskType=evs;diskType=ssd").problems).toHaveLength(2);
    expect(UpgradeDetailQuery.parse({})).toEqual({ start: 1, limit: 10, action_mode: "UPGRADING" });
  });
});
