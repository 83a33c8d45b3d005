import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const config = new pulumi.Config();
const webPassword = config.requireSecret("webPassword");

const web = new vmcloud.Vm("web", {
  name: "web-1",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  availabilityZone: "ru.AZ-1",
  bootDisk: { size: 20, diskType: "SSD" },
  disks: [{ name: "web-1-data", size: 100, diskType: "HDD" }],
  interfaces: [{ subnet: "default-subnet-az1", externalIp: true }],
  hostname: "web-1",
  userName: "ops",
  sshPublicKeys: [
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKzW0x2y8Yd1k4u0H0dXqgkKq1kz5M2ZC8kz0Yy5Q1hA ops@example.com",
  ],
  cloudInit: "#cloud-config\npackages: [nginx]\n",
  password: webPassword,
  tags: ["env-prod"],
});

export const address = web.externalIpAddress;
