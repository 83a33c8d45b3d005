/** Every service the emulator serves. */
import type { ServiceModule } from "./core/service-module";
import { iamService } from "./iam";
import { operationsService } from "./operations";
import { vmService } from "./vm";

/** The services, in registration order. */
export const allServices: ReadonlyArray<ServiceModule<unknown>> = [
  vmService,
  iamService,
  operationsService,
];
