import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { signIn } from "#app/auth/account.server.ts";
import { currentUser, safeRedirectPath } from "#app/auth/session.server.ts";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import type { Route } from "./+types/login";

export function meta() {
  return [{ title: "Sign in · Oja" }];
}

/** Someone already signed in goes straight on to where they were heading. */
export function loader({ context, url }: Route.LoaderArgs) {
  if (currentUser(context)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await signIn(context, request, form);
  if (result.failure) return result.failure;
  throw redirect(safeRedirectPath(form.get("redirectTo")), { headers: result.headers });
}

const notices: Record<string, string> = {
  "password-reset": "Your password was changed. Sign in with the new one.",
  "signed-out-everywhere": "You were signed out on every device.",
};

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  const notice = notices[params.get("notice") ?? ""];
  const redirectTo = params.get("redirectTo") ?? "";
  const signUpLink = redirectTo
    ? `/CreateAccount?redirectTo=${encodeURIComponent(redirectTo)}`
    : "/CreateAccount";
  return (
    <AuthCard
      title="Sign in"
      intro="Welcome back. Sign in to pay, see your orders and follow your favourite businesses."
      footer={
        <>
          New to Oja?{" "}
          <Link to={signUpLink} className="font-semibold text-brand-strong underline">
            Create an account
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-5" noValidate>
        {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
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
        <div className="space-y-2">
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
            error={errors.password}
          />
          <p className="text-right text-sm">
            <Link to="/Login/forgot" className="font-medium text-brand-strong underline">
              Forgot your password?
            </Link>
          </p>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={navigation.state !== "idle"}>
          {navigation.state === "submitting" ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
    </AuthCard>
  );
}
