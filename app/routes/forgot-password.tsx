import { Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "#app/auth/account.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import type { Route } from "./+types/forgot-password";

export function meta() {
  return [{ title: "Forgot your password · Oja" }];
}

export async function action({ context, request }: Route.ActionArgs) {
  const result = await requestPasswordReset(context, request, await request.formData());
  if (result.failure) return result.failure;
  return { errors: {} as FieldErrors, done: result.done };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email of your account and we'll send you a link to choose a new password."
      footer={
        <Link to="/Login" className="font-semibold text-brand-strong underline">
          Back to sign in
        </Link>
      }
    >
      {done ? (
        <FormMessage tone="success">{done}</FormMessage>
      ) : (
        <Form method="post" className="space-y-5" noValidate>
          {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            error={errors.email}
          />
          <Button type="submit" size="lg" className="w-full" disabled={navigation.state !== "idle"}>
            Send me a reset link
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
