// BAZAAR_BUILD_DIR lets several checkouts' builds live side by side (parallel test runs); default build/.
const buildDir = process.env.BAZAAR_BUILD_DIR;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: buildDir ? `${buildDir}/index.js` : "build/index.js",
  assetsBuildDirectory: buildDir ? `${buildDir}/assets` : "public/build",
  cacheDirectory: buildDir ? `${buildDir}/.cache` : ".cache",
  tailwind: true,
  postcss: false,
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
