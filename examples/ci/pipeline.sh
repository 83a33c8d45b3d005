#!/usr/bin/env bash
# The jobs of a deployment pipeline for one long-lived stack of a vmcloud Pulumi program:
#
#   pipeline.sh pr        `pulumi preview` with the policy pack: the plan as text and the cost
#                         table (vmcloud-cost) for a pull-request comment; a mandatory policy
#                         violation fails the job; nothing changes
#   pipeline.sh deploy    `pulumi up --refresh` with the policy pack (the stack is created on
#                         first use): the cloud is read first, so drift is repaired; when
#                         another job holds the stack's lock, waits for it (bounded)
#   pipeline.sh drift     `pulumi preview --refresh`: a report naming each resource and property
#                         changed in the cloud since the last deploy; exit 3 when there is
#                         drift; nothing changes
#   pipeline.sh destroy   `pulumi destroy` of the stack (on demand; the empty stack stays)
#   pipeline.sh stop      stops the emulator and the PostgreSQL server this script started in
#                         the work folder (their state stays for the next job)
#
# The cloud and the backend are the pipeline's environment, as in a CI system:
#   VMCLOUD_ENDPOINT, VMCLOUD_TOKEN, VMCLOUD_PROJECT_ID   the cloud. Unset: a local emulator
#                   kept running in the work folder, its state file beside the backend, so
#                   successive jobs see one cloud
#   PULUMI_BACKEND_URL   the state backend (postgres://…, file://…, s3://…). Unset: a PostgreSQL
#                   server of the machine's installation, its data in the work folder
#                   (examples/ci/postgres.sh)
#   PULUMI_CONFIG_PASSPHRASE (or _FILE)   from the CI system's secret store; required when
#                   CI=true; elsewhere one is made once and kept in the work folder
# Other settings (all optional):
#   PROGRAM         the Pulumi project (default: examples/quickstart)
#   STACK           the stack (default: ci)
#   WORK_DIR        the job's folder: Pulumi home, reports, and the local emulator and server
#                   (default: ${TMPDIR:-/tmp}/vmcloud-pipeline)
#   POLICY_CONFIG   policy pack config (default: examples/ci/policy-config.json; "none": none)
#   LOCK_TIMEOUT    seconds a job waits for another job's lock of the stack (default: 600)
#   PLAN_REPORT, COST_REPORT, DRIFT_REPORT   where `pr` and `drift` write their reports
#                   (default: plan.txt, cost.md, drift.md in WORK_DIR/reports)
#   EMULATOR_SPEED  the local emulator's speed factor (default 20)
set -euo pipefail

usage() {
  echo "usage: pipeline.sh pr|deploy|drift|destroy|stop   (see the comment at its top)" >&2
  exit 2
}
[ $# -eq 1 ] || usage
job=$1
case $job in pr | deploy | drift | destroy | stop) ;; *) usage ;; esac

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here=$repo/examples/ci
program=$(cd "${PROGRAM:-$repo/examples/quickstart}" && pwd)
stack=${STACK:-ci}
work=${WORK_DIR:-${TMPDIR:-/tmp}/vmcloud-pipeline}
policy_config=${POLICY_CONFIG:-$here/policy-config.json}
lock_timeout=${LOCK_TIMEOUT:-600}
mkdir -p "$work"
work=$(cd "$work" && pwd)
# The local PostgreSQL server may run as another user (it refuses root), who must reach its
# data folder inside this one: traverse, not read.
chmod 711 "$work"
reports=$work/reports
mkdir -p "$reports"

step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\npipeline failed: %s\n' "$*" >&2; exit 1; }
# A backend URL as it may be printed: no password.
redact() { sed -E 's#(://[^:/@]+):[^@]*@#\1:****@#g'; }

# --- The local emulator: started once, kept running between jobs ------------------------------
emulator_dir=$work/emulator
emulator_running() {
  [ -f "$emulator_dir/pid" ] && kill -0 "$(cat "$emulator_dir/pid")" 2>/dev/null &&
    [ -f "$emulator_dir/url" ]
}
start_emulator() {
  mkdir -p "$emulator_dir"
  if emulator_running; then
    echo "the local emulator at $(cat "$emulator_dir/url") (pid $(cat "$emulator_dir/pid")), state in $emulator_dir/state.json"
    return
  fi
  # A token of this work folder only, as a pipeline would keep one in its secret store.
  [ -s "$emulator_dir/token" ] || (umask 077 && head -c 24 /dev/urandom | base64 | tr '+/' '-_' >"$emulator_dir/token")
  : >"$emulator_dir/log"
  # Its own session: it outlives this job (and the CI step's process group).
  setsid node "$repo/dist/emulator/cli.js" --port 0 --speed "${EMULATOR_SPEED:-20}" \
    --token "$(cat "$emulator_dir/token")" --state-file "$emulator_dir/state.json" \
    >"$emulator_dir/log" 2>&1 </dev/null &
  echo $! >"$emulator_dir/pid"
  local url="" _
  for _ in $(seq 1 200); do
    url=$(sed -n 's/^listening on //p' "$emulator_dir/log" | head -n 1)
    [ -n "$url" ] && break
    kill -0 "$(cat "$emulator_dir/pid")" 2>/dev/null || fail "the emulator exited: $(cat "$emulator_dir/log")"
    sleep 0.1
  done
  [ -n "$url" ] || fail "the emulator did not start in 20 s: $(cat "$emulator_dir/log")"
  echo "$url" >"$emulator_dir/url"
  echo "started the local emulator at $url (pid $(cat "$emulator_dir/pid")), state in $emulator_dir/state.json"
}

if [ "$job" = stop ]; then
  if emulator_running; then
    kill "$(cat "$emulator_dir/pid")" && echo "stopped the local emulator (pid $(cat "$emulator_dir/pid"))"
    rm -f "$emulator_dir/pid" "$emulator_dir/url"
  fi
  if [ -f "$work/postgres/data/postmaster.pid" ]; then
    bash "$here/postgres.sh" stop "$work/postgres" && echo "stopped the local PostgreSQL server"
  fi
  exit 0
fi

cd "$repo"
# Sourced scripts would read this script's arguments as theirs.
set --
source scripts/use-node.sh >/dev/null
if [ ! -f dist/emulator/cli.js ] || [ ! -f dist/sdk/index.js ] || [ ! -f dist/policy/pack.js ]; then
  step "Building the package"
  npm run --silent build || fail "npm run build failed"
fi
source scripts/pulumi-engine.sh >/dev/null || fail "the Pulumi engine is not available (see docs/engine.md)"
export PULUMI_HOME=${PULUMI_HOME:-$work/pulumi-home}
export PULUMI_SKIP_UPDATE_CHECK=true
echo "job $job of stack $stack ($(basename "$program")), pulumi $(pulumi version), work folder $work"

# --- The passphrase ----------------------------------------------------------------------------
if [ -z "${PULUMI_CONFIG_PASSPHRASE:-}" ] && [ -z "${PULUMI_CONFIG_PASSPHRASE_FILE:-}" ]; then
  [ "${CI:-}" = true ] &&
    fail "PULUMI_CONFIG_PASSPHRASE is not set: give it to this job from the CI system's secret store"
  [ -s "$work/passphrase" ] || (umask 077 && head -c 24 /dev/urandom | base64 >"$work/passphrase")
  export PULUMI_CONFIG_PASSPHRASE_FILE=$work/passphrase
fi

# --- The backend -------------------------------------------------------------------------------
if [ -z "${PULUMI_BACKEND_URL:-}" ]; then
  PULUMI_BACKEND_URL=$(bash "$here/postgres.sh" start "$work/postgres") ||
    fail "could not start the local PostgreSQL server (set PULUMI_BACKEND_URL to use another backend)"
  export PULUMI_BACKEND_URL
  echo "state backend: the local PostgreSQL server at $(echo "$PULUMI_BACKEND_URL" | redact) (data in $work/postgres/data; PULUMI_BACKEND_URL chooses another)"
else
  echo "state backend: $(echo "$PULUMI_BACKEND_URL" | redact)"
fi

# --- The cloud ---------------------------------------------------------------------------------
if [ -z "${VMCLOUD_ENDPOINT:-}" ]; then
  start_emulator
  export VMCLOUD_ENDPOINT VMCLOUD_TOKEN VMCLOUD_PROJECT_ID
  VMCLOUD_ENDPOINT=$(cat "$emulator_dir/url")
  VMCLOUD_TOKEN=$(cat "$emulator_dir/token")
  VMCLOUD_PROJECT_ID=$(node -e '
    fetch(process.argv[1] + "/_emulator/fixtures").then((r) => r.json()).then((f) => console.log(f.vm.projectId));
  ' "$VMCLOUD_ENDPOINT")
else
  [ -n "${VMCLOUD_TOKEN:-}" ] || [ -n "${VMCLOUD_KEY_ID:-}" ] ||
    fail "VMCLOUD_ENDPOINT is set but VMCLOUD_TOKEN is not: give it to this job from the CI system's secret store"
  echo "cloud: $VMCLOUD_ENDPOINT"
fi
# The provider and the policy pack read the cloud's settings from these variables: the token is
# never written into the stack's config, its state or a plan.

cd "$program"
policy_args=(--policy-pack "$repo/policy")
[ "$policy_config" = none ] || policy_args+=(--policy-pack-config "$policy_config")
common=(--stack "$stack" --non-interactive --color never)

# --- The stack ---------------------------------------------------------------------------------
stack_exists() { pulumi stack select "$stack" --non-interactive >/dev/null 2>&1; }
select_stack() {
  stack_exists && return
  if [ "$1" = create ]; then
    # Two first jobs at once: one creates it, the other selects what the first made (once the
    # first's creation, which holds the stack's lock, is done).
    local try
    for try in 1 2 3 4 5; do
      if pulumi stack init "$stack" --non-interactive >"$work/stack-init.log" 2>&1; then
        echo "created the stack $stack"
        return
      fi
      stack_exists && return
      sleep "$try"
    done
    fail "could not create the stack $stack: $(redact <"$work/stack-init.log")"
  else
    fail "the stack $stack does not exist in this backend: nothing was deployed yet (run the deploy job)"
  fi
}

# --- The stack's lock --------------------------------------------------------------------------
# Pulumi's DIY backends (PostgreSQL, file, S3) refuse an update while another holds the stack's
# lock, and say who holds it. Run "$@" (an update), retrying while the stack is locked, up to
# LOCK_TIMEOUT seconds; a lock still held then is reported with how to clear it.
with_lock() {
  local started=$SECONDS attempt=0 log=$work/attempt.log holder="" said=""
  while :; do
    attempt=$((attempt + 1))
    set +e
    "$@" 2>&1 | tee "$log"
    local status=${PIPESTATUS[0]}
    set -e
    grep -q "the stack is currently locked" "$log" || return "$status"
    holder=$(sed -n 's/^ *[^ ]*: created by \(.*\)$/\1/p' "$log" | head -n 1 | redact)
    local waited=$((SECONDS - started))
    if [ "$waited" -ge "$lock_timeout" ]; then
      local pid host
      pid=$(echo "$holder" | sed -n 's/.*(pid \([0-9]*\)).*/\1/p')
      host=$(echo "$holder" | sed -n 's/^[^@]*@\([^ ]*\) .*/\1/p')
      printf '\nthe stack %s is still locked after %s s, by %s.\n' "$stack" "$waited" "$holder" >&2
      if [ "$host" = "$(hostname)" ] && [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
        printf 'pid %s is not running on this host: the job that took the lock looks gone (killed?).\n' "$pid" >&2
      fi
      printf 'If no job of this stack is running anywhere (its job was killed or its runner lost), clear the lock with\n  pulumi cancel --stack %s --yes\nfrom the program folder with this backend, then run the job again (see docs/pipelines.md, "A stale lock").\n' "$stack" >&2
      fail "the stack $stack is locked by another job"
    fi
    # One line when the holder changes, then one a minute.
    if [ "$holder" != "$said" ] || [ $((attempt % 12)) = 0 ]; then
      echo "waiting for the lock of stack $stack: held by $holder; waited ${waited} s of ${lock_timeout} s"
      said=$holder
    fi
    # A little jitter: two waiting jobs do not retry in step.
    sleep "$((4 + RANDOM % 3))"
  done
}

case $job in
  pr)
    select_stack create
    step "pulumi preview with the policy pack (the plan)"
    plan_report=${PLAN_REPORT:-$reports/plan.txt}
    set +e
    pulumi preview --diff "${common[@]}" "${policy_args[@]}" 2>&1 | tee "$plan_report"
    status=${PIPESTATUS[0]}
    set -e
    [ "$status" = 0 ] ||
      fail "the preview failed or a mandatory policy was violated (see above); nothing was deployed"
    step "Cost of the change (vmcloud-cost)"
    # The whole plan as JSON (--show-sames: unchanged resources count in the totals), priced by
    # the service itself, as Markdown for the pull-request comment.
    cost_report=${COST_REPORT:-$reports/cost.md}
    pulumi preview --json --show-sames "${common[@]}" >"$work/preview.json" ||
      fail "pulumi preview --json failed"
    node "$repo/dist/provider/cost/cli.js" "$work/preview.json" >"$cost_report" ||
      fail "vmcloud-cost could not price the plan"
    cat "$cost_report"
    step "Plan in $plan_report, cost in $cost_report; nothing was deployed"
    ;;
  deploy)
    select_stack create
    # --refresh: what changed behind Pulumi's back (the drift job's findings) is read first, so
    # the update puts it back as the program says.
    step "pulumi up --refresh with the policy pack"
    with_lock pulumi up --yes --refresh "${common[@]}" "${policy_args[@]}" ||
      fail "pulumi up failed (see above)"
    step "Stack outputs"
    pulumi stack output --json "${common[@]}"
    ;;
  drift)
    select_stack existing
    step "pulumi preview --refresh: the cloud against the stack's program"
    drift_report=${DRIFT_REPORT:-$reports/drift.md}
    pulumi preview --refresh --show-sames --json "${common[@]}" >"$work/drift.json" ||
      fail "pulumi preview --refresh failed: $(tail -c 2000 "$work/drift.json")"
    set +e
    node "$here/drift-report.mjs" "$work/drift.json" "$stack" >"$drift_report"
    status=$?
    set -e
    cat "$drift_report"
    [ "$status" = 0 ] && step "No drift: the cloud matches the stack $stack"
    [ "$status" = 3 ] && { printf '\npipeline failed: drift in stack %s (report in %s); the deploy job repairs it\n' "$stack" "$drift_report" >&2; exit 3; }
    [ "$status" = 0 ] || fail "the drift report could not be made"
    ;;
  destroy)
    select_stack existing
    step "pulumi destroy"
    with_lock pulumi destroy --yes "${common[@]}" || fail "pulumi destroy failed (see above)"
    step "Destroyed; the stack $stack stays, empty, with its history (\`pulumi stack rm $stack\` removes it)"
    ;;
esac
