import { clsx } from "clsx";
import { CircleAlert, CircleCheck } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";

const inputClass =
  "block min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-ink placeholder:text-ink-muted focus:border-brand focus:outline-2 focus:outline-focus aria-[invalid=true]:border-danger";

/** What a form control needs to be tied to its label, hint and error. */
interface ControlWiring {
  id: string;
  className: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** What the frame of a labelled control shows around it. */
interface FrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
}

/**
 * The frame every labelled control shares: the label, the control, its hint and its error, wired
 * for screen readers (the error is announced with the control, which is marked invalid). Field,
 * SelectField and TextAreaField are this frame around one element; a composite control (a
 * picture with its preview) renders its own and spreads `wiring` on the element it labels.
 */
export function LabelledControl({
  label,
  hint,
  error,
  className,
  control,
}: FrameProps & { control: (wiring: ControlWiring) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={clsx("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {control({
        id,
        className: inputClass,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": clsx(errorId, hintId) || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** Splits a field's props into the frame's and the control's own. */
function withoutFrame<Props extends FrameProps>({
  label,
  hint,
  error,
  className,
  ...control
}: Props) {
  return [{ label, hint, error, className }, control] as const;
}

/** A labelled input with its hint and its error. Every form in Oja uses it. */
export function Field(props: ComponentProps<"input"> & FrameProps) {
  const [frame, input] = withoutFrame(props);
  return <LabelledControl {...frame} control={(wiring) => <input {...wiring} {...input} />} />;
}

/** A labelled multi-line text box with its hint and its error, wired like Field. */
export function TextAreaField(props: ComponentProps<"textarea"> & FrameProps) {
  const [frame, textarea] = withoutFrame(props);
  return (
    <LabelledControl
      {...frame}
      control={(wiring) => (
        <textarea {...wiring} className={clsx(wiring.className, "py-2")} {...textarea} />
      )}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled select with its hint and its error, wired like Field. `placeholder` is the first
 * option, with the empty value ("All cities"), for filters that may be left unset.
 */
export function SelectField({
  options,
  placeholder,
  ...props
}: ComponentProps<"select"> &
  FrameProps & {
    options: readonly SelectOption[];
    placeholder?: string;
  }) {
  const [frame, select] = withoutFrame(props);
  return (
    <LabelledControl
      {...frame}
      control={(wiring) => (
        <select {...wiring} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** A message about the whole form: an error (announced at once) or a success. */
export function FormMessage({
  tone,
  children,
}: {
  tone: "error" | "success";
  children: ReactNode;
}) {
  const Icon = tone === "error" ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={clsx(
        "flex items-start gap-2 rounded-lg px-3 py-2.5 text-sm",
        tone === "error" ? "bg-danger-soft text-danger" : "bg-brand-soft text-brand-strong",
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

/** A checkbox with its label beside it, and an error below. */
export function CheckboxField({
  label,
  error,
  ...input
}: Omit<ComponentProps<"input">, "type"> & { label: ReactNode; error?: string }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
        <label htmlFor={id} className="text-sm text-ink">
          {label}
        </label>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
