import { Link } from "react-router";
import { verifyEmail } from "#app/auth/account.server.ts";
import { AuthCard } from "#app/components/auth-card.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/verify-email";

export const headers = privatePageHeaders;

export function meta() {
  return [{ title: "Confirm your email · Oja" }];
}

/** Opening the link from the email confirms the address; the token proves who asked. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  if (!token) return { verified: false };
  return verifyEmail(context, request, token.slice(0, 2000));
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title={loaderData.verified ? "Email confirmed" : "This link doesn't work"}>
      {loaderData.verified ? (
        <div className="space-y-5">
          <FormMessage tone="success">Thank you. You can now list a business on Oja.</FormMessage>
          <ButtonLink to="/profile" size="lg" className="w-full">
            Go to my account
          </ButtonLink>
        </div>
      ) : (
        <div className="space-y-5">
          <FormMessage tone="error">
            This link has expired or was already used. Sign in, and ask for a new one from your
            account page if your email isn't confirmed yet.
          </FormMessage>
          <p className="text-sm">
            <Link to="/profile" className="font-semibold text-brand-strong underline">
              Go to my account
            </Link>
          </p>
        </div>
      )}
    </AuthCard>
  );
}
