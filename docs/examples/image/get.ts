import * as vmcloud from "@vmcloud/pulumi";

// Only read it: an image managed elsewhere.
const existing = vmcloud.Image.get("existing", "9e4b2d7a-5c1f-4a3e-b8d6-2f4a6c8e0b1d");

export const goldenMinDisk = existing.minDisk;
