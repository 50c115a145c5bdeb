import { FieldError } from "#app/components/ui/field.tsx";

/** A labelled multi-line text field with its hint and error, wired like Field. */
export function TextArea({
  label,
  name,
  hint,
  error,
  maxLength,
  defaultValue,
  rows = 5,
  idSuffix,
}: {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  maxLength: number;
  defaultValue?: string;
  rows?: number;
  /** Tells apart the ids of one field repeated on a page (one form per list item). */
  idSuffix?: string;
}) {
  const id = idSuffix ? `field-${name}-${idSuffix}` : `field-${name}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim() || undefined
        }
        className="block w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink focus:border-brand focus:outline-2 focus:outline-focus aria-[invalid=true]:border-danger"
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}
