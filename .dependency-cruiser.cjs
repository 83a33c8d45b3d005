// The project's layering, checked by tests/architecture/layering.test.ts (and `npm run lint`):
// arrows point one way and nothing imports in a circle. The API contract (api/) is
// used by everyone and uses no one; the provider never uses the SDK, the policy pack or the
// emulator; the emulator never uses the provider's runtime.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules must not import each other in a circle (type-only imports included).",
      from: {},
      to: { circular: true },
    },
    {
      name: "provider-not-to-sdk",
      severity: "error",
      comment: "The SDK uses the provider, never the reverse.",
      from: { path: "^provider/" },
      to: { path: "^(sdk|policy|emulator)/" },
    },
    {
      name: "api-is-the-bottom",
      severity: "error",
      comment: "The API contract depends on nothing of ours but itself.",
      from: { path: "^api/" },
      to: { path: "^(provider|sdk|policy|emulator)/" },
    },
    {
      name: "emulator-not-to-provider-runtime",
      severity: "error",
      comment: "The emulator stands for the cloud: it shares the API contract, not the provider.",
      from: { path: "^emulator/" },
      to: { path: "^(provider|sdk|policy)/" },
    },
    {
      name: "actions-not-into-resources",
      severity: "error",
      comment: "What both frameworks share lives in provider/framework.",
      from: { path: "^provider/actions/" },
      to: { path: "^provider/resources/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
