import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { signUp } from "#app/auth/account.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { minPasswordLength } from "#app/auth/password-length.ts";
import { currentUser, safeRedirectPath } from "#app/auth/session.server.ts";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { CheckboxField, Field, FormMessage } from "#app/components/ui/field.tsx";
import type { Route } from "./+types/create-account";

export function meta() {
  return [{ title: "Create your account · Oja" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  if (currentUser(context)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  return null;
}

/**
 * A new email and one that already has an account get the same answer, "check your email", and
 * no session (decision 031); the new shopper signs in next, and can confirm the email any time.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const result = await signUp(context, request, await request.formData());
  if (result.failure) return result.failure;
  return { errors: {} as FieldErrors, sent: result.sent };
}

export default function CreateAccount({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  // /invite/{code} links here with ?ref=code; the code is kept on the new account.
  const referralCode = params.get("ref") ?? "";
  if (sent) {
    const next = params.get("redirectTo") || "/profile?notice=welcome";
    return (
      <AuthCard title="Check your email">
        <div className="space-y-5">
          <FormMessage tone="success">
            We've sent an email to <strong>{sent}</strong>. Open it to confirm your address, then
            sign in.
          </FormMessage>
          <ButtonLink
            to={`/Login?redirectTo=${encodeURIComponent(next)}`}
            size="lg"
            className="w-full"
          >
            Sign in
          </ButtonLink>
          <p className="text-sm text-ink-muted">
            Nothing after a few minutes? Look in your spam folder.
          </p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create your account"
      intro="Buy from local businesses in one cart, pay once, and follow every order in one place."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/Login" className="font-semibold text-brand-strong underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-5" noValidate>
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        {referralCode ? (
          <FormMessage tone="success">
            You were invited with code <strong>{referralCode}</strong>.
          </FormMessage>
        ) : null}
        <input type="hidden" name="referralCode" value={referralCode} />
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <Field
          label="Your name"
          name="name"
          autoComplete="name"
          required
          maxLength={80}
          error={errors.name}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          error={errors.email}
          hint="We'll send a link to confirm it."
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          maxLength={128}
          error={errors.password}
          hint={`At least ${minPasswordLength} characters. A few unrelated words make a strong, memorable password.`}
        />
        <CheckboxField
          name="privacy"
          required
          error={errors.privacy}
          label={
            <>
              I agree to Oja's{" "}
              <Link to="/privacy" className="font-medium text-brand-strong underline">
                privacy policy
              </Link>{" "}
              and the handling of my data under the Nigeria Data Protection Act.
            </>
          }
        />
        <Button type="submit" size="lg" className="w-full" disabled={navigation.state !== "idle"}>
          {navigation.state === "submitting" ? "Creating your account…" : "Create account"}
        </Button>
      </Form>
    </AuthCard>
  );
}
