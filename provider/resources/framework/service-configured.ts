/** Whether `check` can ask the service anything: the stages that read it ask here first. */
import { currentSettings } from "../../runtime/context";

/** True when the provider has an endpoint and credentials to read the service with. */
export function serviceConfigured(): boolean {
  const settings = currentSettings();
  return (
    settings.endpoint !== undefined &&
    (settings.token !== undefined || settings.keyId !== undefined)
  );
}
