import { CircleCheck, CircleX, Clock, MailWarning, Store } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { membershipsOf } from "#app/auth/memberships.server.ts";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { businessRoleLabels } from "#app/auth/roles.ts";
import { requireUser } from "#app/auth/session.server.ts";
import { listCategories } from "#app/catalog/catalog.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage, SelectField, TextAreaField } from "#app/components/ui/field.tsx";
import {
  type ApplicationView,
  applyForBusiness,
  currentApplication,
  type SlugAvailability,
} from "#app/console/applications.server.ts";
import { PictureField } from "#app/console/picture-field.tsx";
import { services } from "#app/context.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/vendor";

export const headers = privatePageHeaders;

/**
 * /vendor: the console's front door. The businesses I belong to; my application to list one
 * (waiting for review, or rejected with the admin's reason); and the form to apply, for someone
 * whose email is confirmed (decision 016).
 */
export function meta() {
  return [{ title: "For businesses · Oja" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db } = services(context);
  const [memberships, application, categories] = await Promise.all([
    membershipsOf(db, user.id),
    currentApplication(db, user.id),
    listCategories(db),
  ]);
  return {
    memberships,
    application,
    emailVerified: user.emailVerified,
    email: user.email,
    categories: categories.map((category) => ({ value: category.id, label: category.name })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { db, media } = services(context);
  const form = await request.formData();
  const result = await applyForBusiness(db, {
    user,
    form,
    request,
    media,
  });
  if ("errors" in result) return data({ errors: result.errors }, { status: result.status });
  throw redirect("/vendor#application");
}

const statusLabels: Record<string, string> = {
  pending: "Waiting for review",
  suspended: "Suspended",
  rejected: "Not approved",
};

export default function Vendor({ loaderData, actionData }: Route.ComponentProps) {
  const { memberships, application, emailVerified } = loaderData;
  const canApply = emailVerified && application?.status !== "pending";
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">For businesses</h1>
      <p className="mt-2 text-ink-muted">Run the businesses you belong to, or list your own.</p>

      <section aria-labelledby="my-businesses" className="mt-8">
        <h2 id="my-businesses" className="text-lg font-semibold text-ink">
          Your businesses
        </h2>
        {memberships.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-line p-5 text-ink-muted">
            You don't belong to a business on Oja yet. List yours below, or ask a business to add
            you as a member.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface">
            {memberships.map((membership) => (
              <li key={membership.slug}>
                <Link
                  to={`/vendor/${membership.slug}`}
                  className="flex flex-wrap items-center gap-3 px-4 py-3 hover:bg-surface-sunken"
                >
                  <Store aria-hidden="true" className="size-5 text-brand" />
                  <span className="flex-1 font-medium text-ink">{membership.name}</span>
                  {membership.status !== "active" ? (
                    <span className="rounded-full bg-danger-soft px-2.5 py-0.5 text-xs font-medium text-danger">
                      {statusLabels[membership.status] ?? membership.status}
                    </span>
                  ) : null}
                  <span className="rounded-full bg-surface-sunken px-2.5 py-0.5 text-xs font-medium text-ink">
                    {businessRoleLabels[membership.role]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {application ? <ApplicationStatus application={application} /> : null}

      <section aria-labelledby="apply" className="mt-10">
        <h2 id="apply" className="text-lg font-semibold text-ink">
          {application?.status === "rejected" ? "Apply again" : "List your business"}
        </h2>
        {!emailVerified ? (
          <div className="mt-3 flex items-start gap-3 rounded-xl border border-points bg-points-soft p-4 text-sm text-ink">
            <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="space-y-2">
              <p>
                To list a business, first confirm your email address,{" "}
                <strong>{loaderData.email}</strong>: open the link we sent when you signed up.
              </p>
              <p>
                No email? Send a new link from{" "}
                <Link to="/profile" className="font-semibold text-brand-strong underline">
                  your account
                </Link>
                .
              </p>
            </div>
          </div>
        ) : canApply ? (
          <ApplicationForm
            categories={loaderData.categories}
            errors={actionData?.errors ?? {}}
            previous={application?.status === "rejected" ? application : null}
          />
        ) : (
          <p className="mt-3 text-sm text-ink-muted">
            You can apply for another business once this application is decided.
          </p>
        )}
      </section>
    </div>
  );
}

const reviewedFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeZone: "Africa/Lagos",
});

function ApplicationStatus({ application }: { application: ApplicationView }) {
  const pending = application.status === "pending";
  return (
    <section
      id="application"
      aria-labelledby="application-heading"
      className="mt-8 scroll-mt-24 rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <h2
        id="application-heading"
        className="flex items-center gap-2 text-lg font-semibold text-ink"
      >
        {pending ? (
          <Clock aria-hidden="true" className="size-5 text-points" />
        ) : (
          <CircleX aria-hidden="true" className="size-5 text-danger" />
        )}
        Your application: {application.name}
      </h2>
      {pending ? (
        <p className="mt-2 text-ink">
          <strong>Waiting for review.</strong> An Oja admin checks every new business, usually
          within two working days. We'll email you when it's decided; it will then appear at{" "}
          <span className="font-mono text-sm">/{application.slug}</span>.
        </p>
      ) : (
        <div className="mt-2 space-y-2 text-ink">
          <p>
            <strong>Not approved</strong>
            {application.reviewedAt
              ? ` on ${reviewedFormat.format(new Date(application.reviewedAt))}`
              : ""}
            . The admin's reason:
          </p>
          <blockquote className="whitespace-pre-line rounded-lg border-l-4 border-danger bg-danger-soft px-4 py-3 text-ink">
            {application.reviewNote}
          </blockquote>
          <p className="text-sm text-ink-muted">
            Correct what it says and apply again below; the address /{application.slug} stays yours.
          </p>
        </div>
      )}
    </section>
  );
}

type Errors = Partial<Record<string, string>>;

/** "Ewa Spa & Wellness" → "ewa-spa-wellness": a suggestion while the address is untouched. */
function slugFrom(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
}

function ApplicationForm({
  categories,
  errors,
  previous,
}: {
  categories: Array<{ value: string; label: string }>;
  errors: Errors;
  previous: ApplicationView | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [slug, setSlug] = useState(previous?.slug ?? "");
  const slugTouched = useRef(Boolean(previous));
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-4 space-y-5 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
      noValidate
    >
      <p className="text-sm text-ink-muted">
        Tell shoppers who you are. An admin reviews every application before the business goes
        public; you become its owner when it's approved.
      </p>
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      <Field
        label="Business name"
        name="name"
        required
        maxLength={80}
        defaultValue={previous?.name}
        error={errors.name}
        onChange={(event) => {
          if (!slugTouched.current) setSlug(slugFrom(event.currentTarget.value));
        }}
      />
      <SlugField
        value={slug}
        onChange={(value) => {
          slugTouched.current = true;
          setSlug(value);
        }}
        error={errors.slug}
      />
      <SelectField
        label="Category"
        name="categoryId"
        required
        options={categories}
        placeholder="Choose a category"
        defaultValue={previous?.categoryId ?? ""}
        error={errors.categoryId}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="City"
          name="city"
          autoComplete="address-level2"
          required
          maxLength={60}
          defaultValue={previous?.city}
          error={errors.city}
        />
        <Field
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={30}
          defaultValue={previous ? formatNigerianPhone(previous.phone) : undefined}
          hint="Nigerian number, e.g. 0803 123 4567"
          error={errors.phone}
        />
      </div>
      <Field
        label="Street address"
        name="address"
        autoComplete="street-address"
        required
        maxLength={160}
        defaultValue={previous?.address}
        error={errors.address}
      />
      <TextAreaField
        label="What you offer"
        name="description"
        rows={5}
        hint="At least 20 characters: your services or products, what makes you worth a visit."
        maxLength={2000}
        defaultValue={previous?.description}
        error={errors.description}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PictureField
          label="Logo (optional)"
          name="logo"
          shape="square"
          hint="Square works best. JPEG, PNG or WebP, up to 8 MB."
          error={errors.logo}
        />
        <PictureField
          label="Cover picture (optional)"
          name="cover"
          shape="wide"
          hint="Wide, e.g. your shop front. Up to 8 MB."
          error={errors.cover}
        />
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        {busy ? "Sending your application…" : "Send application"}
      </Button>
    </Form>
  );
}

/**
 * The address field with its live check: 400 ms after typing stops it asks
 * /api/vendor/slug-check and says whether the address is free, or why not. The form's action
 * checks again, so the answer here is only a hint.
 */
function SlugField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const check = useFetcher<SlugAvailability>();
  const load = check.load;
  useEffect(() => {
    if (value.trim() === "") return;
    const timer = setTimeout(
      () => load(`/api/vendor/slug-check?slug=${encodeURIComponent(value)}`),
      400,
    );
    return () => clearTimeout(timer);
  }, [value, load]);
  const answer = check.data && check.data.slug === value.trim().toLowerCase() ? check.data : null;
  const status =
    value.trim() === "" ? null : check.state !== "idle" || !answer ? (
      <span className="text-ink-muted">Checking…</span>
    ) : answer.available ? (
      <span className="inline-flex items-center gap-1.5 font-medium text-brand-strong">
        <CircleCheck aria-hidden="true" className="size-4" /> oja.ng/{answer.slug} is available
      </span>
    ) : (
      <span className="inline-flex items-center gap-1.5 font-medium text-danger">
        <CircleX aria-hidden="true" className="size-4" /> {answer.reason}
      </span>
    );
  return (
    <div className="space-y-1.5">
      <Field
        label="Your address on Oja"
        name="slug"
        required
        maxLength={40}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        hint="oja.ng/your-address: lower-case letters, numbers and hyphens, 3 to 40 characters."
        error={error}
      />
      <p aria-live="polite" className="min-h-5 text-sm">
        {status}
      </p>
    </div>
  );
}
