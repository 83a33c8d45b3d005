import * as vmcloud from "@vmcloud/pulumi";

const flavor = vmcloud.getFlavorOutput({ cpu: 2, ram: 4 });
const image = vmcloud.getImageOutput({ name: "ubuntu-22.04" });

export const flavorId = flavor.id;
export const imageId = image.id;
