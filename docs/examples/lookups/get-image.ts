import * as vmcloud from "@vmcloud/pulumi";

const ubuntu = vmcloud.getImageOutput({ name: "ubuntu-22.04" });

export const imageId = ubuntu.id;
