import { useState } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { services } from "#app/context.server.ts";
import { notFound, publicError } from "#app/errors.ts";
import type { Route } from "./+types/dev-errors";

/**
 * Test mode only (404 when live Paystack keys are set): one page per kind of failure, so the
 * browser tests can prove that each lands on the right error view. An internal message here
 * imitates a database error that must never reach the page.
 */
const kinds = ["loader", "public", "render", "action", "client", "not-found"] as const;
type Kind = (typeof kinds)[number];
const internalMessage = 'relation "oja_secret" does not exist';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const kind = kinds.find((candidate) => candidate === params.kind);
  if (services(context).settings.paystack.mode !== "test" || !kind) throw notFound(url);
  if (kind === "loader") throw new Error(internalMessage);
  if (kind === "public") throw publicError(503, "Payments are paused for a few minutes");
  if (kind === "not-found") throw notFound(url);
  return { kind };
}

export async function action({ params, url, context }: Route.ActionArgs) {
  if (services(context).settings.paystack.mode !== "test" || params.kind !== "action") {
    throw notFound(url);
  }
  throw new Error(internalMessage);
}

function Thrower({ kind }: { kind: Kind }): never {
  throw new Error(`${internalMessage} (${kind})`);
}

export default function DevErrors({ loaderData }: Route.ComponentProps) {
  const [broken, setBroken] = useState(false);
  const { kind } = loaderData;
  if (kind === "render" || broken) return <Thrower kind={kind} />;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-ink">Error check: {kind}</h1>
      {kind === "action" ? (
        <Form method="post" className="mt-6">
          <Button type="submit">Send the failing form</Button>
        </Form>
      ) : null}
      {kind === "client" ? (
        <Button className="mt-6" onClick={() => setBroken(true)}>
          Break this page
        </Button>
      ) : null}
    </div>
  );
}
