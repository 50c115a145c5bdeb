interface ImportMetaEnv {
  /** The build's id ("dev" under the dev server); see vite.config.ts. */
  readonly VITE_BUILD_ID: string;
}

/** A Markdown page, rendered while building (vite.config.ts, scripts/markdown-page.ts). */
declare module "*.md" {
  const page: import("../scripts/markdown-page.ts").MarkdownPage;
  export default page;
}
