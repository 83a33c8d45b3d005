/** `vmcloud-vm-password-secret`: a VM's password is given as a secret, never as plain text. */
import { label, resourceRule } from "../lib/define";
import { previewAfter } from "../lib/fix-effect";
import { secretPathsOf } from "../lib/secret-observations";
import { isUnknown } from "../lib/values";

/**
 * What counts: the `password` input was marked secret when the program registered the VM
 * (`pulumi.secret(...)`, `config.requireSecret(...)`, or an output that is secret). The
 * secret markers are recorded by `vmcloud-secret-inputs-observer` (see
 * lib/secret-observations.ts); if it did not run (disabled), the rule reports "not
 * applicable" rather than guess. A password still unknown during preview that is not secret
 * is reported too: once known it would be stored in plain text.
 */
export const vmPasswordSecret = resourceRule<Record<string, never>>({
  name: "vmcloud-vm-password-secret",
  description: "A VM's password must be a Pulumi secret, not a plain-text input.",
  enforcementLevel: "mandatory",
  appliesTo: ["Vm"],
  configSchema: { properties: {} },
  cannotJudge(vm) {
    const password = vm.props["password"];
    if (password === undefined || password === null || secretPathsOf(vm.urn) !== undefined)
      return undefined;
    return (
      "the secret markers of the VM's inputs were not recorded: keep vmcloud-secret-inputs-observer " +
      "at its default level, remediate"
    );
  },
  async check(vm) {
    const password = vm.props["password"];
    if (password === undefined || password === null || secretPathsOf(vm.urn)?.has("password"))
      return [];
    const what = isUnknown(password) ? "comes from an output that is not secret" : "is plain text";
    // The fix gives the same value, marked secret: the provider compares values, not markers.
    const shows = await previewAfter("Vm", vm.props, vm.props);
    return [
      `${label(vm)}: password ${what}, so it would be stored unencrypted in the state and shown in plans. ` +
        'Fix: pass pulumi.secret(...) or config.requireSecret("...") (set with pulumi config set --secret). ' +
        shows.replace(/\.$/, "; the state then holds the password encrypted."),
    ];
  },
});
