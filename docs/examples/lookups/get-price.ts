import * as vmcloud from "@vmcloud/pulumi";

const price = vmcloud.getPriceOutput({ flavor: "gen-2-4", count: 3 });

export const perMonth = price.totalPriceMonth;
