import * as vmcloud from "@vmcloud/pulumi";

// Imported at the next `up`: the inputs must describe the VM as it is (preview shows any
// difference). The id is your VM's.
new vmcloud.Vm(
  "web",
  {
    name: "legacy-app",
    flavor: "gen-2-4",
    image: "ubuntu-22.04",
    availabilityZone: "ru.AZ-1",
    bootDisk: { size: 20, diskType: "SSD" },
  },
  { import: "0b3f9c2e-6d1a-4e8b-a7c5-2f9e0d3b1c4a" },
);
