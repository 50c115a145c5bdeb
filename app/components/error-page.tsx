import { SearchX, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { describeError } from "#app/errors.ts";
import { isChunkLoadError, reloadAfterChunkError } from "#app/updates/chunk-reload.ts";
import { ButtonLink } from "./ui/button.tsx";

/** The 404 view: the spec's "Page Not Found" with the path that was not found. */
export function NotFoundView({ message }: { message?: string }) {
  return (
    <section
      aria-labelledby="error-title"
      data-testid="not-found-view"
      className="mx-auto max-w-xl px-4 py-16 text-center"
    >
      <title>Page Not Found · Oja</title>
      <SearchX aria-hidden="true" className="mx-auto size-12 text-ink-muted" />
      <p className="mt-4 text-sm font-semibold text-ink-muted">404</p>
      <h1 id="error-title" className="mt-1 text-3xl font-bold text-ink">
        Page Not Found
      </h1>
      {message ? <p className="mt-3 break-words text-ink-muted">{message}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go to the home page</ButtonLink>
        <ButtonLink to="/b" variant="secondary">
          Browse businesses
        </ButtonLink>
      </div>
    </section>
  );
}

/** The generic view: the status and "Internal Server Error", or a message meant for people. */
export function GenericErrorView({ status, title }: { status: number; title: string }) {
  return (
    <section
      aria-labelledby="error-title"
      data-testid="error-view"
      className="mx-auto max-w-xl px-4 py-16 text-center"
    >
      <title>{`${title} · Oja`}</title>
      <TriangleAlert aria-hidden="true" className="mx-auto size-12 text-danger" />
      <p className="mt-4 text-sm font-semibold text-ink-muted">{status}</p>
      <h1 id="error-title" className="mt-1 text-3xl font-bold text-ink">
        {title}
      </h1>
      {status >= 500 ? (
        <p className="mt-3 text-ink-muted">
          Something went wrong on our side. Please try again in a moment.
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A plain link: a full page load recovers from a broken client state. */}
        <a href="/" className="underline">
          Go to the home page
        </a>
      </div>
    </section>
  );
}

export function ErrorPage({ error }: { error: unknown }) {
  const view = describeError(error);
  // A part of the page failed to download (often a new deploy): reload once, guarded.
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);
  if (view.kind === "not-found") return <NotFoundView message={view.message} />;
  return (
    <>
      <GenericErrorView status={view.status} title={view.title} />
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mx-auto max-w-3xl overflow-auto p-4 text-xs text-ink-muted">
          {error.stack}
        </pre>
      ) : null}
    </>
  );
}
