import * as vmcloud from "@vmcloud/pulumi";

const images = vmcloud.getImagesOutput({ freeTierEnabled: true });

export const freeTierImages = images.names;
