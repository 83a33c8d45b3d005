/** `@vmcloud/pulumi`: the resource classes, lookups and actions that Pulumi programs import. */
export * from "./disk";
export * from "./disk-attachment";
export * from "./subnet";
export * from "./security-group";
export * from "./security-group-rule";
export * from "./external-ip";
export * from "./placement-group";
export * from "./nat-gateway";
export * from "./network-interface";
export * from "./image";
export * from "./vm-backup";
export * from "./lookups";
export * from "./vm";
export * from "./free-tier-vm";
export * from "./actions";
