/**
 * How long each asynchronous change takes at speed 1, in milliseconds. Every value is divided
 * by `--speed`. A real VM takes about 1.5 min to boot; the emulator keeps the order of events
 * and shortens the waits.
 */
export const DELAYS = {
  vmCreate: 2000,
  vmStart: 600,
  vmStop: 600,
  vmReboot: 800,
  vmUpdate: 400,
  vmDelete: 800,
  vmRebuild: 1500,
  diskCreate: 500,
  diskUpdate: 300,
  diskAttach: 300,
  diskDetach: 300,
  diskDelete: 400,
  subnetCreate: 500,
  subnetUpdate: 200,
  subnetDelete: 400,
  securityGroupCreate: 300,
  securityGroupUpdate: 200,
  securityGroupDelete: 300,
  ruleCreate: 200,
  ruleDelete: 200,
  interfaceCreate: 300,
  interfaceUpdate: 200,
  interfaceDelete: 200,
  externalIpCreate: 200,
  externalIpUpdate: 200,
  externalIpDelete: 200,
  natGatewayCreate: 500,
  natGatewayUpdate: 200,
  natGatewayDelete: 300,
  placementGroupUpdate: 200,
  placementGroupDelete: 200,
  taskStart: 100,
} as const;
