/**
 * How the UI is bundled, shared by the hosted web build (vite.config.ts) and the desktop
 * renderer (electron.vite.config.ts) so both ship the same lean first load.
 */

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/;

/** Rolldown options: tree-shaking of core's side-effect-free modules and the framework chunk. */
export const uiBundleOptions = {
  treeshake: {
    // The core's modules only declare things (no top-level side effects), so a module whose
    // exports the UI does not use, reached through `@mapsmith/core/browser`'s re-exports,
    // is dropped instead of landing in the first-load chunk. The one exception (and the entry
    // that imports it first) turns zod's `new Function` off before any schema is built, for
    // the pages' CSP.
    moduleSideEffects: (id: string) =>
      !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id) ||
      /[\\/]core[\\/]src[\\/](browser|contract[\\/]parse-without-eval)\.ts$/.test(id),
  },
  output: {
    codeSplitting: {
      // React and the router in one long-lived chunk that every page needs (it survives app
      // deploys in the browser cache); route screens are split by their `.lazy` files.
      groups: [{ name: 'framework', test: FRAMEWORK }],
    },
  },
};
