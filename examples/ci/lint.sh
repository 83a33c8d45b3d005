#!/usr/bin/env bash
# Lints the CI files beside it: github-actions.yml with actionlint (built once from the Go
# module proxy and cached in ${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}; needs Go), gitlab-ci.yml
# with check-gitlab-ci.mjs (GitLab's keywords and the references between jobs; GitLab's own
# linter needs a GitLab server). Other files may be named: lint.sh [<workflow.yml> [<gitlab-ci.yml>]];
# `lint.sh --install` only builds actionlint (.ci/run does, before the tests).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
github=${1:-$here/github-actions.yml}
gitlab=${2:-$here/gitlab-ci.yml}
version=v1.7.12
bin=${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}/actionlint-$version
if [ ! -x "$bin/actionlint" ]; then
  command -v go >/dev/null || { echo "lint.sh: Go is needed to build actionlint (https://go.dev/dl)" >&2; exit 1; }
  echo "lint.sh: building actionlint $version from the Go module proxy (once)…" >&2
  mkdir -p "$bin"
  GOBIN=$bin GOFLAGS=-mod=mod go install "github.com/rhysd/actionlint/cmd/actionlint@$version"
fi
if [ "${1:-}" = --install ]; then
  echo "actionlint $version: $bin/actionlint"
  exit 0
fi
# shellcheck and pyflakes are not required: actionlint checks the workflow's own rules.
"$bin/actionlint" -shellcheck= -pyflakes= "$github"
echo "actionlint $version: $(basename "$github") is clean"
node "$here/check-gitlab-ci.mjs" "$gitlab"
