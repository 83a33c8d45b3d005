import * as vmcloud from "@vmcloud/pulumi";

// Imported at the next `up`; the id is your address's.
new vmcloud.ExternalIp(
  "www",
  { name: "www", availabilityZone: "ru.AZ-1" },
  { import: "3c7a1f5e-9b2d-4e6c-8a4f-1d3b5c7e9a2b" },
);
