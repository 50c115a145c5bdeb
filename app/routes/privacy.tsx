import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import notice from "#app/privacy/privacy-notice.md";
import { pageMeta } from "#app/seo/meta.ts";
import type { Route } from "./+types/privacy";

/**
 * /privacy: Oja's privacy notice under the Nigeria Data Protection Act 2023, which sign-up asks
 * the shopper to agree to. Its text is app/privacy/privacy-notice.md, rendered to HTML while
 * building (vite.config.ts), so changing the notice is changing that one file and its date.
 * The page gets the notice from its loader, as data in the HTML, not inside its script: ~4 KB
 * of text the browser would otherwise parse as JavaScript before the page works
 * (decision 015).
 */
export function loader() {
  return notice;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: loaderData?.title ?? "Privacy policy",
    description:
      "What Oja holds about you and why, who it is shared with, how long it is kept, and how to use your rights under the Nigeria Data Protection Act 2023.",
    path: "/privacy",
  });
}

const updatedFormat = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Africa/Lagos",
});

// The notice's HTML comes from our own Markdown file at build time, never from anyone's input.
const prose = [
  "text-ink leading-relaxed",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-20 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink",
  "[&_h3]:mt-6 [&_h3]:scroll-mt-20 [&_h3]:text-lg [&_h3]:font-semibold",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_a]:font-semibold [&_a]:text-brand-strong [&_a]:underline",
  "[&_table]:mt-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm",
  "[&_th]:border-b-2 [&_th]:border-line [&_th]:p-2 [&_th]:text-left [&_th]:align-bottom",
  "[&_td]:border-b [&_td]:border-line [&_td]:p-2 [&_td]:align-top",
].join(" ");

export default function Privacy({ loaderData: notice }: Route.ComponentProps) {
  const navigate = useNavigate();
  // Links to Oja's own pages open in the app, like every other link, instead of reloading it.
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//")) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigate(href);
  }

  return (
    <article aria-labelledby="privacy-title" className="mx-auto max-w-3xl px-4 py-10">
      <h1 id="privacy-title" className="text-3xl font-extrabold tracking-tight text-ink">
        {notice.title}
      </h1>
      <p className="mt-2 text-ink-muted">
        Last changed{" "}
        <time dateTime={notice.updated}>
          {updatedFormat.format(new Date(`${notice.updated}T12:00:00+01:00`))}
        </time>
      </p>

      <nav
        aria-labelledby="privacy-contents"
        className="mt-8 rounded-card border border-line bg-surface p-5"
      >
        <h2 id="privacy-contents" className="font-semibold text-ink">
          On this page
        </h2>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm">
          {notice.toc.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-strong underline">
                {section.text}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only catches clicks that links inside already handle with the keyboard */}
      <div
        className={`mt-4 ${prose}`}
        onClick={onClick}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML built from our own Markdown file at build time
        dangerouslySetInnerHTML={{ __html: notice.html }}
      />
    </article>
  );
}
