#!/usr/bin/env bash
# A CI pipeline for a vmcloud Pulumi program, run against a local emulator so it needs no cloud
# account: start the emulator, `pulumi preview` with the policy pack (a mandatory violation
# stops the pipeline before anything is deployed), `pulumi up` (the pack runs again), print the
# outputs, `pulumi destroy`. The pack's cost and quota policies price the change and check it
# against the organization's quotas with the stack's vmcloud:* config, the settings the program
# uses; policy-config.json makes the quota policy fail the preview when it cannot run. Works on
# a fresh clone: it builds the package and the engine when they are missing. github-actions.yml
# runs it in GitHub Actions.
#
# Environment (all optional):
#   PROGRAM         the Pulumi project to deploy (default: examples/quickstart)
#   POLICY_CONFIG   policy pack config file (default: examples/ci/policy-config.json; "none": no config)
#   STACK           stack name (default: ci-<pid>)
#   KEEP_STACK=1    leave the stack and the emulator up instead of destroying them
#   EMULATOR_SPEED  emulator speed factor (default 20: a VM boots in about 0.1 s)
#   WORK_DIR        where the backend, the Pulumi home and the emulator log go (default: a temp dir)
#   COST_REPORT     where to write the Markdown cost table for a pull-request comment
#                   (default: cost.md in the work dir)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
program=${PROGRAM:-$repo/examples/quickstart}
policy_config=${POLICY_CONFIG:-$repo/examples/ci/policy-config.json}
stack=${STACK:-ci-$$}
speed=${EMULATOR_SPEED:-20}
work=${WORK_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/vmcloud-ci.XXXXXX")}
mkdir -p "$work/state"

step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\npipeline failed: %s\n' "$*" >&2; exit 1; }

cd "$repo"
source scripts/use-node.sh
if [ ! -f dist/emulator/cli.js ] || [ ! -f dist/sdk/index.js ] || [ ! -f dist/policy/pack.js ]; then
  step "Building the package"
  npm run --silent build || fail "npm run build failed"
fi

step "Preparing the Pulumi engine (built from Go modules on the first run, ~6 min)"
source scripts/pulumi-engine.sh || fail "the Pulumi engine is not available (see docs/engine.md)"
pulumi version

# A file backend and a passphrase of this run only: nothing talks to the Pulumi Cloud.
export PULUMI_BACKEND_URL="file://$work/state"
export PULUMI_CONFIG_PASSPHRASE=${PULUMI_CONFIG_PASSPHRASE:-ci-passphrase}
export PULUMI_HOME="$work/pulumi-home"
export PULUMI_SKIP_UPDATE_CHECK=true

step "Starting the emulator"
# The log exists before the emulator starts, so the wait below never reads a missing file.
: >"$work/emulator.log"
node dist/emulator/cli.js --port 0 --speed "$speed" >"$work/emulator.log" 2>&1 &
emulator_pid=$!
stack_created=0
cleanup() {
  status=$?
  if [ "${KEEP_STACK:-0}" != 1 ]; then
    if [ "$stack_created" = 1 ]; then
      (cd "$program" && pulumi stack rm "$stack" --yes --force --non-interactive >/dev/null 2>&1) || true
    fi
    kill "$emulator_pid" 2>/dev/null || true
    [ -n "${WORK_DIR:-}" ] || rm -rf "$work"
  else
    echo "kept: stack $stack (backend $PULUMI_BACKEND_URL), emulator pid $emulator_pid at $url"
  fi
  exit "$status"
}
trap cleanup EXIT
url=""
for _ in $(seq 1 100); do
  url=$(sed -n 's/^listening on //p' "$work/emulator.log" | head -n 1)
  [ -n "$url" ] && break
  kill -0 "$emulator_pid" 2>/dev/null || fail "the emulator exited: $(cat "$work/emulator.log")"
  sleep 0.1
done
[ -n "$url" ] || fail "the emulator did not start in 10 s: $(cat "$work/emulator.log")"
echo "emulator at $url"
# The emulator's token and project, as a pipeline would read them from its secret store.
read -r token project < <(node -e '
  fetch(process.argv[1] + "/_emulator/fixtures").then((r) => r.json()).then((f) => console.log(f.token, f.vm.projectId));
' "$url")

# The program's settings, in the stack: the provider and the policy pack's cost and quota
# policies both read them from there (the token encrypted, never printed).
step "Creating the stack $stack of $(basename "$program")"
cd "$program"
pulumi stack init "$stack" --non-interactive
stack_created=1
pulumi config set vmcloud:endpoint "$url" --stack "$stack" --non-interactive
printf '%s' "$token" | pulumi config set --secret vmcloud:token --stack "$stack" --non-interactive
pulumi config set vmcloud:projectId "$project" --stack "$stack" --non-interactive

policy_args=(--policy-pack "$repo/policy")
[ "$policy_config" = none ] || policy_args+=(--policy-pack-config "$policy_config")

step "pulumi preview with the policy pack"
pulumi preview --stack "$stack" --non-interactive "${policy_args[@]}" ||
  fail "the preview failed or a mandatory policy was violated (see above); nothing was deployed"

step "Cost estimate (vmcloud-cost)"
# The whole plan as JSON (--show-sames: unchanged resources count in the totals), priced by the
# service itself; the table goes to the log and to $COST_REPORT for a pull-request comment.
cost_report=${COST_REPORT:-$work/cost.md}
pulumi preview --json --show-sames --stack "$stack" --non-interactive >"$work/preview.json" ||
  fail "pulumi preview --json failed"
VMCLOUD_ENDPOINT="$url" VMCLOUD_TOKEN="$token" VMCLOUD_PROJECT_ID="$project" \
  node "$repo/dist/provider/cost/cli.js" "$work/preview.json" >"$cost_report" ||
  fail "vmcloud-cost could not price the plan"
cat "$cost_report"

step "pulumi up"
pulumi up --yes --stack "$stack" --non-interactive "${policy_args[@]}" || fail "pulumi up failed (see above)"

step "Stack outputs"
pulumi stack output --json --stack "$stack" --non-interactive

if [ "${KEEP_STACK:-0}" = 1 ]; then
  step "Keeping the stack (KEEP_STACK=1)"
  exit 0
fi

step "pulumi destroy"
pulumi destroy --yes --stack "$stack" --non-interactive || fail "pulumi destroy failed (see above)"
step "Pipeline passed"
