import * as vmcloud from "@vmcloud/pulumi";

const sandbox = new vmcloud.FreeTierVm("sandbox", {
  name: "sandbox",
  image: "ubuntu-22.04",
  externalIp: true,
  userName: "ops",
  sshPublicKeys: [
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKzW0x2y8Yd1k4u0H0dXqgkKq1kz5M2ZC8kz0Yy5Q1hA ops@example.com",
  ],
});

export const address = sandbox.externalIpAddress;
