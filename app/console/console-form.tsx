import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";

/** A field's message by its name; `form` (or another key the page names) is about the whole form. */
export type FieldErrors = Partial<Record<string, string>>;

/** What a console form's action answers: what was saved, or why nothing was. */
export type ConsoleFormResult = { done: string } | { errors: FieldErrors } | undefined;

/**
 * The state of a console page's one form: whether it is being sent, the field errors of the last
 * answer, and its success message (hidden while the form is sent again).
 */
export function useConsoleForm(actionData: ConsoleFormResult) {
  const busy = useNavigation().state === "submitting";
  const errors: FieldErrors = actionData && "errors" in actionData ? actionData.errors : {};
  const done = actionData && "done" in actionData && !busy ? actionData.done : undefined;
  return { busy, errors, done };
}

/**
 * Above the form: the success message, or that nothing was saved and how many fields need a fix
 * (`summary`, when given, says instead what went wrong with the whole form).
 */
export function ConsoleFormOutcome({
  errors,
  done,
  summary,
}: {
  errors: FieldErrors;
  done: string | undefined;
  summary?: string;
}) {
  const errorCount = Object.keys(errors).length;
  if (done) return <FormMessage tone="success">{done}</FormMessage>;
  if (errorCount === 0) return null;
  return (
    <FormMessage tone="error">
      {summary ??
        `Nothing was saved: ${errorCount === 1 ? "one field needs" : `${errorCount} fields need`} a fix below.`}
    </FormMessage>
  );
}

/**
 * The form's save button: kept in reach at the bottom of a phone's screen while the form scrolls,
 * in the flow of the page from the small-tablet width up.
 */
export function ConsoleSaveBar({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="sticky bottom-0 -mx-4 border-t border-line bg-surface/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        {children}
      </Button>
    </div>
  );
}
