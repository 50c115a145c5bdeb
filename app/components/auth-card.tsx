import type { ReactNode } from "react";

/** The narrow, centred card of the sign-up, sign-in and password pages. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-ink-muted">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-5 text-center text-sm text-ink-muted">{footer}</div> : null}
    </div>
  );
}
