// The Python SDK's wheel and sdist (`python -m build`, the standard front end) from
// generated-sdks/python, into <out>/python. The front end and setuptools live in a virtual
// environment of the cache, made once (scripts/python-venv.sh); the build runs without
// isolation in it, so a release needs PyPI only the first time.
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheDir } from "./cache.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const REQUIREMENTS = join(here, "python-build-requirements.txt");

/** The cached virtual environment with `build` and setuptools. */
function buildVenv() {
  const venv = join(cacheDir(), "python-build");
  execFileSync(
    "bash",
    [
      "-c",
      'source "$1/scripts/python-venv.sh" && vmcloud_python_venv "$2" "$3" "the Python build tools" python -m build --version',
      "release",
      root,
      venv,
      REQUIREMENTS,
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  return venv;
}

/** Builds the wheel and sdist into `<out>/python`; returns their file names. */
export function pythonPackages(out) {
  const venv = buildVenv();
  const target = join(out, "python");
  // From a copy: setuptools leaves build/ and *.egg-info beside the sources.
  const scratch = mkdtempSync(join(tmpdir(), "vmcloud-release-python-"));
  try {
    cpSync(join(root, "generated-sdks/python"), scratch, { recursive: true });
    // The generator writes the README inside the package; pyproject.toml names one beside it.
    if (!existsSync(join(scratch, "README.md"))) {
      copyFileSync(join(scratch, "pulumi_vmcloud/README.md"), join(scratch, "README.md"));
    }
    execFileSync(
      join(venv, "bin/python"),
      ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", target, scratch],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return readdirSync(target).sort();
}
