// A fuller program: two web VMs in two availability zones, each zone with its own subnet and
// security group (rules as separate resources), spread over hosts by a placement group, the
// first one behind a stable external IP (DNS can point at it: it survives the VM's
// replacement); a database VM with a password (a secret) and a data disk attached through
// DiskAttachment, with no public address, booting from the project's own golden image (made
// from the boot disk of a builder VM kept stopped): an SNAT gateway gives the private tier of
// its zone outbound access; and a batch VM that is kept stopped. Flavors and images are looked
// up by name. Configure the provider as the quickstart does, then:
//   pulumi config set --secret dbPassword 'S3cure-Passw0rd!'
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const config = new pulumi.Config();
const adminCidr = config.require("adminCidr");
// Secret config stays encrypted in Pulumi.<stack>.yaml and in the state.
const dbPassword = config.requireSecret("dbPassword");

// Lookups by name, answered by the cloud when the program runs (also during preview).
const webFlavor = vmcloud.getFlavorOutput({ name: "gen-2-4", availabilityZone: "ru.AZ-1" });
const ubuntu = vmcloud.getImageOutput({ name: "ubuntu-22.04" });
const webImage = vmcloud.getImageOutput({ name: config.get("webImage") ?? "ubuntu-22.04" });

/** A zone's network: a subnet and a security group that lets HTTP in from anywhere and SSH from admins. */
function zoneNetwork(zone: string, index: number) {
  const key = `az${index + 1}`;
  const subnet = new vmcloud.Subnet(`subnet-${key}`, {
    name: `web-${key}`,
    address: `10.${30 + index}.0.0/24`,
    availabilityZone: zone,
    dnsServers: ["1.1.1.1"],
  });
  const web = new vmcloud.SecurityGroup(`web-${key}`, {
    name: `web-${key}`,
    description: "web servers",
    availabilityZone: zone,
  });
  new vmcloud.SecurityGroupRule(`web-${key}-http`, {
    securityGroupId: web.id,
    direction: "ingress",
    protocol: "tcp",
    portRange: "80:80",
    remoteIpPrefix: "0.0.0.0/0",
    description: "HTTP from anywhere",
  });
  new vmcloud.SecurityGroupRule(`web-${key}-ssh`, {
    securityGroupId: web.id,
    direction: "ingress",
    protocol: "tcp",
    portRange: "22:22",
    remoteIpPrefix: adminCidr,
    description: "SSH from the admin network",
  });
  return { key, zone, subnet, web };
}

const networks = ["ru.AZ-1", "ru.AZ-2"].map(zoneNetwork);

// The web tier's VMs each on their own host, in every zone the group spans.
const webSpread = new vmcloud.PlacementGroup("web-spread", {
  name: "web-spread",
  description: "web servers on distinct hosts",
  policy: "anti-affinity",
});

// An external IP of its own: it outlives the VM that holds it, so DNS can point at it.
const www = new vmcloud.ExternalIp("www", {
  name: "www",
  description: "www points here",
  availabilityZone: networks[0]!.zone,
});

const webVms = networks.map(
  ({ key, zone, subnet, web }, index) =>
    new vmcloud.Vm(`web-${key}`, {
      name: `web-${key}`,
      flavor: webFlavor.id,
      image: webImage.id,
      availabilityZone: zone,
      bootDisk: { size: 20, diskType: "SSD" },
      // The first web VM takes the stable address; the other gets a new one of its own.
      interfaces: [
        index === 0
          ? { subnet: subnet.id, securityGroups: [web.id], externalIpId: www.id }
          : { subnet: subnet.id, securityGroups: [web.id], externalIp: true },
      ],
      placementGroup: webSpread.id,
      tags: ["env-dev", "team-platform"],
    }),
);

// The database: only the web servers of its zone may reach it, on 5432.
const primary = networks[0]!;
const dbGroup = new vmcloud.SecurityGroup("db", {
  name: "db",
  description: "database",
  availabilityZone: primary.zone,
  rules: [
    {
      direction: "ingress",
      protocol: "tcp",
      portRange: "5432:5432",
      remoteSecurityGroupId: primary.web.id,
      description: "PostgreSQL from the web servers",
    },
    { direction: "ingress", protocol: "tcp", portRange: "22:22", remoteIpPrefix: adminCidr },
  ],
});

// The database tier boots from a golden image: a system prepared once on a builder VM
// (PostgreSQL installed, hardened) and copied, so every database VM, and every replacement of
// one, starts from the same disk. The source is the builder's boot disk, kept stopped: the
// service copies only a disk nothing writes to, and a VM the stack keeps (unlike `batch`,
// which a new image replaces) keeps the image's source stable. A standalone Disk cannot be the
// source: a Disk is made empty (it holds no image to boot). The image is offered only in its
// disk's zone, the database's, which is why the web tier, spread over two zones, keeps the
// public image.
const builder = new vmcloud.Vm("db-builder", {
  name: "db-builder",
  description: "prepares the database's golden image; kept stopped",
  flavor: "burst-1-1",
  image: ubuntu.name,
  availabilityZone: primary.zone,
  bootDisk: { size: 20, diskType: "SSD" },
  interfaces: [{ subnet: primary.subnet.id, securityGroups: [dbGroup.id] }],
  powerState: "stopped",
});
const dbGolden = new vmcloud.Image("db-golden", {
  name: "db-golden",
  description: "the database tier's prepared system",
  diskId: builder.bootDiskId,
});
const db = new vmcloud.Vm("db", {
  name: "db",
  description: "PostgreSQL",
  flavor: "gen-4-8",
  // Its boot disk must be at least the image's minimum: the builder's disk size (20 GB).
  image: dbGolden.id,
  availabilityZone: primary.zone,
  bootDisk: { size: 30, diskType: "SSD" },
  interfaces: [{ subnet: primary.subnet.id, securityGroups: [dbGroup.id] }],
  password: dbPassword,
});

// The private tier has no public address: the SNAT gateway gives every routed subnet of its zone
// (the database's among them) outbound access (updates, package mirrors) from its own address.
// It serves the zone's subnets made later too; made after the database's subnet, its
// `subnetIds` output (what the gateway served when last read) lists that subnet from the first
// `up` on, not only after a refresh.
const egress = new vmcloud.NatGateway(
  "egress",
  {
    name: "egress-az1",
    description: "outbound access for the private tier",
    availabilityZone: primary.zone,
  },
  { dependsOn: [primary.subnet] },
);

// The data disk lives on its own, so it outlives the VM; the attachment ties them together.
const data = new vmcloud.Disk("db-data", {
  name: "db-data",
  size: config.requireNumber("dataDiskSize"),
  diskType: "SSD",
  availabilityZone: primary.zone,
});
new vmcloud.DiskAttachment("db-data", { diskId: data.id, vmId: db.id });

// A VM that exists but is kept powered off until it is needed.
const batch = new vmcloud.Vm("batch", {
  name: "batch",
  flavor: "burst-1-1",
  image: config.require("batchImage"),
  availabilityZone: "ru.AZ-2",
  bootDisk: { size: 10, diskType: "HDD" },
  interfaces: [{ subnet: networks[1]!.subnet.id, securityGroups: [networks[1]!.web.id] }],
  powerState: "stopped",
});

export const webFlavorId = webFlavor.id;
export const webIps = webVms.map((vm) => vm.externalIpAddress);
export const wwwAddress = www.address;
export const wwwId = www.id;
export const webSpreadId = webSpread.id;
export const webZones = webVms.map((vm) => vm.availabilityZone);
export const dbId = db.id;
export const dbAddress = db.privateIp;
export const dbImageId = dbGolden.id;
export const dbBuilderId = builder.id;
export const dbBuilderDiskId = builder.bootDiskId;
export const dataDiskId = data.id;
export const dataDiskSize = data.size;
export const batchId = batch.id;
export const batchState = batch.state;
export const egressAddress = egress.address;
export const egressSubnetIds = egress.subnetIds;
// Shown as [secret] unless asked for with --show-secrets.
export const dbLoginPassword = db.password;
