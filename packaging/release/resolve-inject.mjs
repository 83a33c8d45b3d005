// Injected into the release bundle (bundle.mjs): `require.resolve` becomes the bundle's own
// lookup, since a single executable application's `require` has no resolve of packages.
export { resolveBundled as __vmcloudResolve } from "./bundled-require.cjs";
