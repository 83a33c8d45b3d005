// Loads `__provider` texts the way Pulumi's dynamic-provider host loads them
// (`requireFromString(text).handler()`, no file name, resolution from the working directory),
// in a process of its own whose working directory the caller picks.
//
//   node load-shims.cjs <path of require-from-string> < texts.json
//
// Prints, per text, the provider's method names, whether loading the text twice gives the same
// object, and its `marker` property (tests plant one in a fake installed package), or the error.
"use strict";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the host's own copy, by path
const requireFromString = require(process.argv[2]);

let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const results = JSON.parse(input).map((text) => {
    try {
      const first = requireFromString(text).handler();
      const second = requireFromString(text).handler();
      return {
        methods: Object.keys(first)
          .filter((key) => typeof first[key] === "function")
          .sort(),
        same: first === second,
        marker: first.marker ?? null,
      };
    } catch (error) {
      return { error: error.message };
    }
  });
  process.stdout.write(JSON.stringify(results));
});
