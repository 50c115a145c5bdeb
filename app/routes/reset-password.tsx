import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { resetPassword } from "#app/auth/account.server.ts";
import { minPasswordLength } from "#app/auth/password-length.ts";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/reset-password";

export const headers = privatePageHeaders;

export function meta() {
  return [{ title: "Choose a new password · Oja" }];
}

export async function action({ context, request }: Route.ActionArgs) {
  const result = await resetPassword(context, request, await request.formData());
  if (result.failure) return result.failure;
  throw redirect("/Login?notice=password-reset");
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  const token = params.get("token") ?? "";
  const tokenError =
    errors.token ?? (token ? undefined : "This link is incomplete. Ask for a new one below.");
  return (
    <AuthCard
      title="Choose a new password"
      intro="Every device signed in to your account will be signed out."
      footer={
        <Link to="/Login/forgot" className="font-semibold text-brand-strong underline">
          Ask for a new link
        </Link>
      }
    >
      <Form method="post" className="space-y-5" noValidate>
        {tokenError ? <FormMessage tone="error">{tokenError}</FormMessage> : null}
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <input type="hidden" name="token" value={token} />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          maxLength={128}
          error={errors.password}
          hint={`At least ${minPasswordLength} characters.`}
        />
        <Field
          label="New password again"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          error={errors.confirm}
        />
        <Button type="submit" size="lg" className="w-full" disabled={navigation.state !== "idle"}>
          Change my password
        </Button>
      </Form>
    </AuthCard>
  );
}
