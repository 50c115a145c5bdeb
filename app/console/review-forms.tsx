import type { ComponentProps, ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage, TextAreaField } from "#app/components/ui/field.tsx";

/**
 * The admin's decisions about the businesses of a list (approve or reject an application, suspend
 * or restore a business). Plain forms, not fetchers: a decided item leaves the list, so its
 * answer is shown by the page, and each item finds its own errors by the business's id.
 */
export interface DecisionAnswer {
  businessId: string;
  errors?: FieldErrors;
  done?: string;
}

/** This business's errors in the page's last answer, and whether any decision is on its way. */
export function useDecision(businessId: string) {
  const actionData = useActionData<DecisionAnswer>();
  const navigation = useNavigation();
  const answer = actionData?.businessId === businessId ? actionData : undefined;
  return { errors: answer?.errors ?? {}, busy: navigation.state !== "idle" };
}

/** The page's word on the decision just made, above the list it took the business from. */
export function DecisionDone({ answer }: { answer: DecisionAnswer | undefined }) {
  return answer?.done ? (
    <div className="mt-4">
      <FormMessage tone="success">{answer.done}</FormMessage>
    </div>
  ) : null;
}

/** A form that decides about one business; its submit button names the decision (`intent`). */
export function DecisionForm({
  businessId,
  children,
  ...form
}: Omit<ComponentProps<typeof Form>, "method"> & { businessId: string }) {
  return (
    <Form method="post" {...form}>
      <input type="hidden" name="businessId" value={businessId} />
      {children}
    </Form>
  );
}

/**
 * A decision the business reads the reason for (reject, suspend): 10 to 500 characters. It shows
 * the reason's error from the page's answer about this business.
 */
export function ReasonForm({
  businessId,
  intent,
  label,
  hint,
  className,
  children,
}: {
  businessId: string;
  intent: string;
  label: string;
  hint: string;
  className: string;
  /** The submit button's text. */
  children: ReactNode;
}) {
  const { errors, busy } = useDecision(businessId);
  return (
    <DecisionForm businessId={businessId} className={className} noValidate>
      <TextAreaField
        label={label}
        name="reason"
        rows={2}
        maxLength={500}
        hint={hint}
        error={errors.reason}
      />
      <Button type="submit" name="intent" value={intent} variant="danger" disabled={busy}>
        {children}
      </Button>
    </DecisionForm>
  );
}
