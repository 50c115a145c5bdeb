interface ImportMetaEnv {
  /** The build's id ("dev" under the dev server); see vite.config.ts. */
  readonly VITE_BUILD_ID: string;
}
