import * as vmcloud from "@vmcloud/pulumi";

const project = vmcloud.getProjectOutput({});

export const projectState = project.state;
