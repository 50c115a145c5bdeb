import { eq } from "drizzle-orm";
import { type ReactNode, useEffect, useRef } from "react";
import {
  data,
  Link,
  type RouterContextProvider,
  redirect,
  useActionData,
  useFetcher,
  useLocation,
  useSearchParams,
} from "react-router";
import {
  changePassword,
  deleteAccount,
  listSessions,
  type refuse,
  resendVerificationEmail,
  revokeAllSessions,
  revokeSession,
} from "#app/auth/account.server.ts";
import {
  type AddressResult,
  addAddress,
  addressesOf,
  deleteAddress,
  makeDefaultAddress,
  maxAddresses,
  updateAddress,
} from "#app/auth/addresses.server.ts";
import { type FieldErrors, fieldErrors, profileDetailsSchema } from "#app/auth/forms.ts";
import { minPasswordLength } from "#app/auth/password-length.ts";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { type CurrentUser, requireUser } from "#app/auth/session.server.ts";
import { OrderList, toOrderSummary } from "#app/components/order-list.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { CheckboxField, Field, FormMessage } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { users } from "#app/db/schema.server.ts";
import { paidBillCount } from "#app/invoices/bill-payments.server.ts";
import { ordersOfShopper } from "#app/orders/orders.server.ts";
import { redemptionCountsOf } from "#app/reward-shop/redeem.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { voucherCountsOf } from "#app/vouchers/wallet.server.ts";
import type { Route } from "./+types/profile";

export const headers = privatePageHeaders;

/**
 * /profile: the signed-in person's own page. Their details, delivery addresses, the places
 * they're signed in, their password, a copy of their data, and deleting the account. Every form
 * posts to this route's action with an `intent`; the answer echoes the intent (and the address
 * it concerned) so each form shows only its own messages.
 */
export function meta() {
  return [{ title: "Your account · Oja" }];
}

const phoneHint = "Nigerian number, e.g. 0803 123 4567";

const lastActiveFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const systems: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPod/, "iPhone"],
  [/iPad/, "iPad"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Macintosh|Mac OS X/, "Mac"],
  [/Linux/, "Linux"],
];

/** "Chrome on Android" from a user agent: enough to recognise one's own phone or laptop. */
function deviceSummary(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db } = services(context);
  const [
    [profile],
    addressRows,
    sessionRows,
    recentOrders,
    voucherCounts,
    rewardCounts,
    paidBills,
  ] = await Promise.all([
    db.select({ phone: users.phone, city: users.city }).from(users).where(eq(users.id, user.id)),
    addressesOf(db, user.id),
    listSessions(context, user.id),
    ordersOfShopper(db, user.id, { limit: 5 }),
    voucherCountsOf(db, user.id),
    redemptionCountsOf(db, user.id),
    paidBillCount(db, user.id),
  ]);
  // This device first, then the others by latest activity.
  const devices = [...sessionRows].sort(
    (a, b) =>
      Number(b.id === user.sessionId) - Number(a.id === user.sessionId) ||
      b.lastActiveAt.getTime() - a.lastActiveAt.getTime(),
  );
  return {
    user: {
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      phone: profile?.phone ?? null,
      city: profile?.city ?? null,
    },
    addresses: addressRows,
    maxAddresses,
    orders: recentOrders.items.map(toOrderSummary),
    moreOrders: recentOrders.nextCursor !== null,
    vouchers: voucherCounts,
    // Said here, not in the page's script: /profile is near its script budget.
    bills:
      paidBills > 0
        ? `${paidBills} ${paidBills === 1 ? "invoice or payment" : "invoices and payments"} paid to businesses while signed in.`
        : null,
    rewards: {
      any: rewardCounts.all > 0,
      line:
        rewardCounts.all > 0
          ? `${rewardCounts.all} ${rewardCounts.all === 1 ? "reward" : "rewards"} redeemed with your points${rewardCounts.ready > 0 ? `, ${rewardCounts.ready} ready to use at ${rewardCounts.ready === 1 ? "a business" : "businesses"}` : ""}.`
          : "No rewards yet. Rewards you redeem with your points appear here with their codes.",
    },
    sessions: devices.map((session) => ({
      id: session.id,
      device: deviceSummary(session.userAgent),
      ipAddress: session.ipAddress,
      lastActive: lastActiveFormat.format(session.lastActiveAt),
      current: session.id === user.sessionId,
    })),
  };
}

type Intent =
  | "details"
  | "resend-verification"
  | "address-add"
  | "address-update"
  | "address-delete"
  | "address-default"
  | "password"
  | "revoke-session"
  | "revoke-all"
  | "delete-account";

interface ActionResult {
  intent: Intent | "unknown";
  /** The address an `address-*` intent concerned. */
  addressId?: string;
  errors?: FieldErrors;
  /** What was done, for the form's success message. */
  done?: string;
}

function failed(
  intent: ActionResult["intent"],
  errors: FieldErrors,
  status: 400 | 404 = 400,
  addressId?: string,
) {
  return data<ActionResult>({ intent, errors, ...(addressId ? { addressId } : {}) }, { status });
}

/** An address book change's answer, tied to the form (and address) it came from. */
function answerAddress(intent: Intent, form: FormData, result: AddressResult) {
  const addressId = text(form, "addressId") || undefined;
  if ("done" in result) return succeeded(intent, result.done, addressId);
  return failed(intent, result.errors, result.status, addressId);
}

function succeeded(intent: Intent, done: string, addressId?: string) {
  return data<ActionResult>({ intent, done, ...(addressId ? { addressId } : {}) });
}

/** An account action's refusal, with the intent it answers. */
function passOn(intent: Intent, failure: ReturnType<typeof refuse>) {
  return data<ActionResult>(
    { intent, errors: failure.data.errors },
    failure.init ?? { status: 400 },
  );
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

type Context = Readonly<RouterContextProvider>;

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { db } = services(context);
  const form = await request.formData();
  const intent = form.get("intent");
  switch (intent) {
    case "details":
      return saveDetails(context, user, form);
    case "resend-verification": {
      if (user.emailVerified) return succeeded(intent, "Your email address is already confirmed.");
      const result = await resendVerificationEmail(context, request);
      if (result.failure) return passOn(intent, result.failure);
      return succeeded(intent, `We've sent a new link to ${user.email}. It works for 24 hours.`);
    }
    case "address-add":
      return answerAddress(intent, form, await addAddress(db, user.id, form));
    case "address-update":
      return answerAddress(intent, form, await updateAddress(db, user.id, form));
    case "address-delete":
      return answerAddress(intent, form, await deleteAddress(db, user.id, form));
    case "address-default":
      return answerAddress(intent, form, await makeDefaultAddress(db, user.id, form));
    case "password": {
      const result = await changePassword(context, request, form);
      if (result.failure) return passOn(intent, result.failure);
      throw redirect("/profile?notice=password-changed#security", { headers: result.headers });
    }
    case "revoke-session": {
      const result = await revokeSession(context, request, text(form, "sessionId"));
      if (result.signedOut) throw redirect("/?notice=signed-out", { headers: result.signedOut });
      if (result.failure) return passOn(intent, result.failure);
      return succeeded(intent, "That device was signed out.");
    }
    case "revoke-all": {
      const headers = await revokeAllSessions(context, request);
      throw redirect("/Login?notice=signed-out-everywhere", { headers });
    }
    case "delete-account": {
      const result = await deleteAccount(context, request, form);
      if (result.failure) return passOn(intent, result.failure);
      throw redirect("/?notice=account-deleted", { headers: result.headers });
    }
    default:
      return failed("unknown", {
        form: "This page doesn't know that action. Reload it and try again.",
      });
  }
}

async function saveDetails(context: Context, user: CurrentUser, form: FormData) {
  const { db } = services(context);
  const parsed = profileDetailsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failed("details", fieldErrors(parsed.error));
  const { name, phone, city } = parsed.data;
  await db
    .update(users)
    .set({ name, phone, city, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return succeeded("details", "Your details were saved.");
}

// ---------------------------------------------------------------------------------------------
// The page

type LoaderData = Route.ComponentProps["loaderData"];
type AddressView = LoaderData["addresses"][number];
type SessionView = LoaderData["sessions"][number];

const notices: Partial<Record<string, string>> = {
  welcome: "Welcome to Oja! We've sent you an email to confirm your address.",
  "password-changed": "Your password was changed, and every other device was signed out.",
};

const sections = [
  { id: "details", title: "Your details" },
  { id: "addresses", title: "Delivery addresses" },
  { id: "orders", title: "Orders" },
  { id: "vouchers", title: "Vouchers" },
  { id: "rewards", title: "Rewards" },
  { id: "security", title: "Security" },
  { id: "your-data", title: "Your data" },
] as const;

type SectionId = (typeof sections)[number]["id"];

const sectionTitle = (id: SectionId) => sections.find((section) => section.id === id)?.title ?? "";

export default function Profile({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const notice = notices[params.get("notice") ?? ""];
  const { user } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <header className="space-y-3">
        <div>
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">Your account</h1>
          <p className="mt-1 text-sm text-ink-muted">Signed in as {user.email}</p>
        </div>
        <nav aria-label="On this page">
          <ul className="flex flex-wrap gap-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-9 items-center rounded-full border border-line bg-surface px-3 text-sm font-medium text-ink hover:bg-surface-sunken"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {user.emailVerified ? null : <VerifyEmailCallout email={user.email} />}
      <Section id="details">
        <DetailsForm user={user} />
      </Section>
      <Section
        id="addresses"
        intro="Where your orders can be delivered. Checkout offers your default address first."
      >
        <Addresses addresses={loaderData.addresses} limit={loaderData.maxAddresses} />
      </Section>
      <Section id="orders">
        {loaderData.orders.length > 0 ? (
          <OrderList orders={loaderData.orders} />
        ) : (
          <p className="text-sm text-ink">
            No orders yet. Every order you pay for appears here, one per business.
          </p>
        )}
        {loaderData.moreOrders ? (
          <Link
            to="/profile/orders"
            className="inline-block text-sm font-medium text-brand-strong underline underline-offset-2"
          >
            All your orders
          </Link>
        ) : null}
        {loaderData.bills ? (
          <p className="text-sm text-ink">
            {loaderData.bills}{" "}
            <Link
              to="/profile/invoices"
              className="font-medium text-brand-strong underline underline-offset-2"
            >
              Your invoices and payments
            </Link>
          </p>
        ) : null}
      </Section>
      <Section id="vouchers">
        <p className="text-sm text-ink">
          {loaderData.vouchers.active > 0
            ? `${loaderData.vouchers.active} ${loaderData.vouchers.active === 1 ? "voucher is" : "vouchers are"} ready to use.`
            : loaderData.vouchers.all > 0
              ? "None of your vouchers can be used now."
              : "No vouchers yet. Vouchers you buy appear here with their codes."}
        </p>
        <Link
          to={loaderData.vouchers.all > 0 ? "/profile/vouchers" : "/vouchers"}
          className="inline-block text-sm font-medium text-brand-strong underline underline-offset-2"
        >
          {loaderData.vouchers.all > 0 ? "Your vouchers and their codes" : "Find vouchers"}
        </Link>
      </Section>
      <Section id="rewards">
        <p className="text-sm text-ink">{loaderData.rewards.line}</p>
        <Link
          to={loaderData.rewards.any ? "/profile/rewards" : "/rewardShop"}
          className="inline-block text-sm font-medium text-brand-strong underline underline-offset-2"
        >
          {loaderData.rewards.any ? "Your rewards and their codes" : "Go to the reward shop"}
        </Link>
      </Section>
      <Section id="security">
        <PasswordForm />
        <Devices sessions={loaderData.sessions} />
      </Section>
      <Section id="your-data">
        <DownloadData />
        <DeleteAccount />
      </Section>
    </div>
  );
}

function Section({
  id,
  intro,
  children,
}: {
  id: SectionId;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-32 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {sectionTitle(id)}
      </h2>
      {intro ? <p className="mt-1 text-sm text-ink-muted">{intro}</p> : null}
      <div className="mt-5 space-y-6">{children}</div>
    </section>
  );
}

function SubHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h3 id={id} className="scroll-mt-32 text-base font-semibold text-ink">
      {children}
    </h3>
  );
}

type ProfileFetcher = ReturnType<typeof useFetcher<typeof action>>;

/**
 * The answer to one form: its fetcher's data, or, when the page was posted without JavaScript,
 * the action data if it answers the same intent (and address).
 */
function useResult(fetcher: ProfileFetcher, intents: Intent[], addressId?: string) {
  const actionData = useActionData<typeof action>();
  const fallback =
    actionData &&
    intents.some((intent) => intent === actionData.intent) &&
    actionData.addressId === addressId
      ? actionData
      : undefined;
  const result = fetcher.data ?? fallback;
  return { errors: result?.errors ?? {}, done: result?.done };
}

/** Runs `then` once each time the fetcher's submission comes back with a success. */
function useOnSuccess(fetcher: ProfileFetcher, then: () => void) {
  const seen = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.done || seen.current === fetcher.data) return;
    seen.current = fetcher.data;
    then();
  });
}

function Messages({ errors, done }: { errors: FieldErrors; done?: string }) {
  return (
    <>
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      {done ? <FormMessage tone="success">{done}</FormMessage> : null}
    </>
  );
}

function IntentField({ value }: { value: Intent }) {
  return <input type="hidden" name="intent" value={value} />;
}

function VerifyEmailCallout({ email }: { email: string }) {
  const fetcher = useFetcher<typeof action>();
  const { errors, done } = useResult(fetcher, ["resend-verification"]);
  const busy = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby="verify-heading"
      className="space-y-3 rounded-2xl border border-points bg-points-soft p-5"
    >
      <h2 id="verify-heading" className="text-base font-semibold text-ink">
        Confirm your email address
      </h2>
      <p className="text-sm text-ink">
        We sent a link to <strong>{email}</strong>. Open it to confirm the address: you need a
        confirmed email to claim your welcome points and to list a business.
      </p>
      <Messages errors={errors} done={done} />
      <fetcher.Form method="post">
        <IntentField value="resend-verification" />
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {busy ? "Sending…" : "Send the link again"}
        </Button>
      </fetcher.Form>
    </section>
  );
}

function DetailsForm({ user }: { user: LoaderData["user"] }) {
  const fetcher = useFetcher<typeof action>();
  const { errors, done } = useResult(fetcher, ["details"]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="space-y-5" noValidate>
      <IntentField value="details" />
      <Messages errors={errors} done={busy ? undefined : done} />
      <Field
        label="Your name"
        name="name"
        autoComplete="name"
        required
        maxLength={80}
        defaultValue={user.name}
        error={errors.name}
      />
      <Field
        label="Email"
        type="email"
        value={user.email}
        readOnly
        hint="You sign in with this address. It can't be changed here."
      />
      <Field
        label="Phone (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={30}
        defaultValue={user.phone ? formatNigerianPhone(user.phone) : ""}
        hint={phoneHint}
        error={errors.phone}
      />
      <Field
        label="City (optional)"
        name="city"
        autoComplete="address-level2"
        maxLength={60}
        defaultValue={user.city ?? ""}
        error={errors.city}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving…" : "Save details"}
      </Button>
    </fetcher.Form>
  );
}

function Addresses({ addresses, limit }: { addresses: AddressView[]; limit: number }) {
  // Deleting removes the address from the page, so its answer is shown above the list.
  const changes = useFetcher<typeof action>({ key: "address-changes" });
  const { errors, done } = useResult(changes, ["address-delete", "address-default"]);
  const pendingId = changes.formData?.get("addressId");
  return (
    <div className="space-y-5">
      <Messages errors={errors} done={changes.state === "idle" ? done : undefined} />
      {addresses.length === 0 ? (
        <p className="text-sm text-ink">
          You haven't saved an address yet. Add one below and it becomes your default.
        </p>
      ) : (
        <ul className="space-y-3">
          {addresses.map((address) => (
            <AddressItem
              key={address.id}
              address={address}
              changes={changes}
              pending={pendingId === address.id}
            />
          ))}
        </ul>
      )}
      {addresses.length < limit ? (
        <AddAddress first={addresses.length === 0} />
      ) : (
        <p className="text-sm text-ink-muted">
          You have {limit} addresses, the most you can keep. Delete one to add another.
        </p>
      )}
    </div>
  );
}

function AddressItem({
  address,
  changes,
  pending,
}: {
  address: AddressView;
  changes: ProfileFetcher;
  pending: boolean;
}) {
  const edit = useFetcher<typeof action>();
  const { errors, done } = useResult(edit, ["address-update"], address.id);
  const details = useRef<HTMLDetailsElement>(null);
  useOnSuccess(edit, () => {
    if (details.current) details.current.open = false;
  });
  const headingId = `address-${address.id}`;
  return (
    <li className="rounded-xl border border-line p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold text-ink">
          {address.label}
        </h3>
        {address.isDefault ? (
          <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-strong">
            Default
          </span>
        ) : null}
      </div>
      <address className="mt-1 text-sm not-italic text-ink-muted">
        {address.recipient} · {formatNigerianPhone(address.phone)}
        <br />
        {address.line1}
        {address.line2 ? `, ${address.line2}` : ""}
        <br />
        {address.city}, {address.state}
      </address>
      {edit.state === "idle" ? <Messages errors={{}} done={done} /> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {address.isDefault ? null : (
          <changes.Form method="post">
            <IntentField value="address-default" />
            <input type="hidden" name="addressId" value={address.id} />
            <Button type="submit" variant="secondary" size="sm" disabled={pending}>
              Make default<span className="sr-only"> ({address.label})</span>
            </Button>
          </changes.Form>
        )}
        <changes.Form method="post">
          <IntentField value="address-delete" />
          <input type="hidden" name="addressId" value={address.id} />
          <button
            type="submit"
            disabled={pending}
            className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold text-danger hover:bg-danger-soft disabled:opacity-60"
          >
            Delete<span className="sr-only"> {address.label}</span>
          </button>
        </changes.Form>
      </div>
      <details ref={details} className="mt-3" open={Object.keys(errors).length > 0 || undefined}>
        <summary className="cursor-pointer text-sm font-semibold text-brand-strong underline">
          Edit<span className="sr-only"> {address.label}</span>
        </summary>
        <edit.Form method="post" className="mt-4 space-y-5" noValidate>
          <IntentField value="address-update" />
          <input type="hidden" name="addressId" value={address.id} />
          {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
          <AddressFields address={address} errors={errors} />
          <Button type="submit" disabled={edit.state !== "idle"}>
            {edit.state !== "idle" ? "Saving…" : "Save address"}
          </Button>
        </edit.Form>
      </details>
    </li>
  );
}

function AddAddress({ first }: { first: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const { errors, done } = useResult(fetcher, ["address-add"]);
  const form = useRef<HTMLFormElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  useOnSuccess(fetcher, () => {
    form.current?.reset();
    if (details.current) details.current.open = false;
  });
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-3">
      {busy ? null : <Messages errors={{}} done={done} />}
      <details
        ref={details}
        open={first || Object.keys(errors).length > 0 || undefined}
        className="rounded-xl border border-dashed border-line p-4"
      >
        <summary className="cursor-pointer text-sm font-semibold text-brand-strong">
          Add an address
        </summary>
        <fetcher.Form ref={form} method="post" className="mt-4 space-y-5" noValidate>
          <IntentField value="address-add" />
          {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
          <AddressFields errors={errors} />
          <Button type="submit" disabled={busy}>
            {busy ? "Adding…" : "Add address"}
          </Button>
        </fetcher.Form>
      </details>
    </div>
  );
}

function AddressFields({ address, errors }: { address?: AddressView; errors: FieldErrors }) {
  return (
    <>
      <Field
        label="Label"
        name="label"
        required
        maxLength={40}
        defaultValue={address?.label}
        hint="Such as Home or Office"
        error={errors.label}
      />
      <Field
        label="Recipient's name"
        name="recipient"
        autoComplete="shipping name"
        required
        maxLength={80}
        defaultValue={address?.recipient}
        error={errors.recipient}
      />
      <Field
        label="Recipient's phone"
        name="phone"
        type="tel"
        autoComplete="shipping tel"
        inputMode="tel"
        required
        maxLength={30}
        defaultValue={address ? formatNigerianPhone(address.phone) : undefined}
        hint={phoneHint}
        error={errors.phone}
      />
      <Field
        label="Street address"
        name="line1"
        autoComplete="shipping address-line1"
        required
        maxLength={120}
        defaultValue={address?.line1}
        error={errors.line1}
      />
      <Field
        label="Apartment, floor or landmark (optional)"
        name="line2"
        autoComplete="shipping address-line2"
        maxLength={120}
        defaultValue={address?.line2}
        error={errors.line2}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="City"
          name="city"
          autoComplete="shipping address-level2"
          required
          maxLength={60}
          defaultValue={address?.city}
          error={errors.city}
        />
        <Field
          label="State"
          name="state"
          autoComplete="shipping address-level1"
          required
          maxLength={40}
          defaultValue={address?.state}
          error={errors.state}
        />
      </div>
      {address?.isDefault ? (
        <p className="text-sm text-ink-muted">
          This is your default address. Make another one the default to change that.
        </p>
      ) : (
        <CheckboxField name="isDefault" label="Make this my default delivery address" />
      )}
    </>
  );
}

function PasswordForm() {
  const fetcher = useFetcher<typeof action>();
  const { errors } = useResult(fetcher, ["password"]);
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-4">
      <SubHeading>Change your password</SubHeading>
      {/* A new location (the redirect after a change) starts the form afresh. */}
      <fetcher.Form key={location.key} method="post" className="space-y-5" noValidate>
        <IntentField value="password" />
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={errors.currentPassword}
        />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          maxLength={128}
          hint={`At least ${minPasswordLength} characters. Changing it signs out every other device.`}
          error={errors.password}
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
        <Button type="submit" disabled={busy}>
          {busy ? "Changing…" : "Change password"}
        </Button>
      </fetcher.Form>
    </div>
  );
}

function Devices({ sessions }: { sessions: SessionView[] }) {
  // Signing a device out removes it from the list, so the answer is shown above the list.
  const revoke = useFetcher<typeof action>({ key: "revoke-session" });
  const { errors, done } = useResult(revoke, ["revoke-session"]);
  const everywhere = useFetcher<typeof action>();
  const pendingId = revoke.formData?.get("sessionId");
  return (
    <div className="space-y-4">
      <SubHeading>Where you're signed in</SubHeading>
      <Messages errors={errors} done={revoke.state === "idle" ? done : undefined} />
      <ul className="divide-y divide-line rounded-xl border border-line">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                {session.device}
                {session.current ? (
                  <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-strong">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-ink-muted">
                {session.ipAddress ?? "Unknown address"} · Last active {session.lastActive}
              </p>
            </div>
            <revoke.Form method="post">
              <IntentField value="revoke-session" />
              <input type="hidden" name="sessionId" value={session.id} />
              <Button
                type="submit"
                variant="secondary"
                size="sm"
                disabled={pendingId === session.id}
              >
                Sign out
                <span className="sr-only">
                  {session.current ? " of this device" : ` of ${session.device}`}
                </span>
              </Button>
            </revoke.Form>
          </li>
        ))}
      </ul>
      <everywhere.Form method="post">
        <IntentField value="revoke-all" />
        <Button type="submit" variant="secondary" disabled={everywhere.state !== "idle"}>
          {everywhere.state !== "idle" ? "Signing out…" : "Sign out everywhere"}
        </Button>
      </everywhere.Form>
    </div>
  );
}

function DownloadData() {
  return (
    <div className="space-y-3">
      <SubHeading>A copy of your data</SubHeading>
      <p className="text-sm text-ink">
        Everything Oja holds about you, in one file: your account, addresses, sign-ins, business
        memberships, security events and the emails we sent you.
      </p>
      <a href="/profile/data" download className={buttonClass("secondary")}>
        Download my data (JSON)
      </a>
    </div>
  );
}

function DeleteAccount() {
  const fetcher = useFetcher<typeof action>();
  const { errors } = useResult(fetcher, ["delete-account"]);
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-4 rounded-xl border border-danger p-4">
      <SubHeading id="delete-account">Delete your account</SubHeading>
      <div className="space-y-2 text-sm text-ink">
        <p>
          This signs you out everywhere and erases your name, email address, phone number, city,
          delivery addresses, sign-in records, business memberships and the emails we sent you.
        </p>
        <p>
          We keep the security log of your account (what happened, when, from which IP address and
          browser) under your account number only, without your name or email, to guard Oja against
          fraud. Once checkout exists, orders and invoices will be kept for accounting, without your
          name.
        </p>
        <p>
          If you are the only owner of a business on Oja, make another member an owner first.
          Deleting can't be undone.
        </p>
      </div>
      <fetcher.Form method="post" className="space-y-5" noValidate>
        <IntentField value="delete-account" />
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <Field
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={errors.password}
        />
        <Field
          label="Type DELETE to confirm"
          name="confirm"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          error={errors.confirm}
        />
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Deleting…" : "Delete my account"}
        </Button>
      </fetcher.Form>
    </div>
  );
}
