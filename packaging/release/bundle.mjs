// The plugin server (dist/provider/plugin/server.js, what `npm run build` wrote) bundled with
// esbuild into one CommonJS script with everything it loads, for a single executable
// application (sea.mjs). Kept in the cache by the hash of what goes in: the built code, the
// locked dependencies and the files that make the bundle.
import { build } from "esbuild";
import { existsSync, readdirSync, renameSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheDir, hashOf } from "./cache.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const ENTRY = join(root, "dist/provider/plugin/server.js");
const SHIM = join(here, "bundled-require.cjs");

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile() && !f.endsWith(".map") && !f.endsWith(".d.ts"))
    .sort();
}

/** The inputs of the bundle, as cache-key parts. */
function inputs() {
  return [
    ...filesUnder(join(root, "dist/provider")),
    ...filesUnder(join(root, "dist/api")),
    join(root, "package.json"),
    join(root, "package-lock.json"),
    ...["bundle.mjs", "bundled-require.cjs", "resolve-inject.mjs"].map((f) => join(here, f)),
  ].map((file) => ({ file }));
}

/** esbuild's options for the bundle written to `outfile`. */
function options(outfile) {
  return {
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    logLevel: "error",
    define: { "require.resolve": "__vmcloudResolve" },
    inject: [join(here, "resolve-inject.mjs")],
    plugins: [
      {
        name: "vmcloud-bundled-require",
        setup(b) {
          // kinds.js loads each resource's module by a computed path without its extension,
          // which esbuild bundles as every file the path could name, keyed with extension:
          // name the extension, so a lookup finds its key (and only code is bundled).
          b.onLoad({ filter: /[/\\]dist[/\\]provider[/\\]plugin[/\\]kinds\.js$/ }, async (args) => {
            const text = await readFile(args.path, "utf8");
            const computed = /require\(`\.\.\/\$\{([^`]+)\}`\)/g;
            if (!computed.test(text)) {
              throw new Error(`${args.path}: the computed require the bundle rewrites is gone`);
            }
            return { contents: text.replace(computed, "require(`../${$1}.js`)"), loader: "js" };
          });
          // The plugin's own `node:module` (its createRequire) answers from the bundle.
          b.onResolve({ filter: /^(node:)?module$/ }, (args) => {
            const own = relative(join(root, "dist"), args.importer);
            if (own.startsWith("..") || own.split(sep)[0] === "..") return undefined;
            return { path: SHIM };
          });
        },
      },
    ],
  };
}

/** The bundle's path in the cache, built when its inputs changed. */
export async function pluginBundle() {
  if (!existsSync(ENTRY)) {
    throw new Error(`${relative(root, ENTRY)} is missing: run \`npm run build\` first`);
  }
  const key = hashOf(...inputs()).slice(0, 16);
  const dir = cacheDir("bundle", key);
  const file = join(dir, "pulumi-resource-vmcloud.js");
  if (existsSync(file)) return { file, key, cached: true };
  const partial = `${file}.partial.js`;
  await build(options(partial));
  renameSync(partial, file);
  return { file, key, cached: false };
}
