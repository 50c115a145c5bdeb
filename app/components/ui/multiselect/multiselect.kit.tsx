import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { http } from "#app/http/http-client.ts";
import {
  type LoadOptions,
  Multiselect,
  type MultiselectOption,
  type OptionsPage,
} from "./multiselect.tsx";

/** The real businesses, from the kit's resource route (/dev/kit/options), 10 at a time. */
const loadBusinesses: LoadOptions = ({ query, offset, limit, signal }) =>
  http.request<OptionsPage>("/dev/kit/options", { query: { q: query, offset, limit }, signal });

const cities: MultiselectOption[] = [
  "Aba",
  "Abeokuta",
  "Abuja",
  "Akure",
  "Asaba",
  "Benin City",
  "Calabar",
  "Enugu",
  "Ibadan",
  "Ilorin",
  "Jos",
  "Kaduna",
  "Kano",
  "Lagos",
  "Maiduguri",
  "Onitsha",
  "Owerri",
  "Port Harcourt",
  "Sokoto",
  "Uyo",
  "Warri",
  "Yola",
].map((city) => ({ value: city.toLowerCase().replace(/\s+/g, "-"), label: city }));

const categories: MultiselectOption[] = [
  "Spas & Wellness",
  "Salons & Barbers",
  "Restaurants & Food",
  "Fitness & Gyms",
  "Fashion",
  "Electronics & Gadgets",
  "Groceries & Foodstuff",
  "Beauty & Skincare",
].map((name) => ({ value: name.toLowerCase().replace(/[^a-z]+/g, "-"), label: name }));

/** A loader over a fixed list, paged and filtered like the server's. */
function fixedOptions(all: MultiselectOption[]): LoadOptions {
  return async ({ query, offset, limit }) => {
    const term = query.trim().toLowerCase();
    const matches = all.filter((option) => option.label.toLowerCase().includes(term));
    return {
      options: matches.slice(offset, offset + limit),
      hasMore: matches.length > offset + limit,
    };
  };
}

const loadCities = fixedOptions(cities);
const loadCategories = fixedOptions(categories);

function pick(options: MultiselectOption[], ...labels: string[]): MultiselectOption[] {
  return options.filter((option) => labels.includes(option.label));
}

/** One state of the multiselect, titled, with what it has chosen underneath. */
function Example({
  title,
  chosen,
  children,
}: {
  title: string;
  chosen: number;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-2">
      <h3 id={id} className="text-sm font-bold tracking-wide text-ink-muted uppercase">
        {title}
      </h3>
      {children}
      <p className="text-sm text-ink-muted">Chosen: {chosen}</p>
    </section>
  );
}

function NoLimitExample() {
  const [chosen, setChosen] = useState<MultiselectOption[]>([]);
  const [submitted, setSubmitted] = useState<string[] | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget).getAll("businesses").map(String);
    setSubmitted(values);
  }
  return (
    <Example title="No limit" chosen={chosen.length}>
      <form onSubmit={submit} className="space-y-3">
        <Multiselect
          label="Businesses"
          name="businesses"
          placeholder="Search businesses"
          loadOptions={loadBusinesses}
          onChange={setChosen}
        />
        <Button type="submit" variant="secondary" size="sm">
          Submit
        </Button>
      </form>
      {submitted ? (
        <p className="text-sm break-all text-ink-muted">
          Submitted {submitted.length}: {submitted.join(", ") || "nothing"}
        </p>
      ) : null}
    </Example>
  );
}

function LimitExample() {
  const [chosen, setChosen] = useState<MultiselectOption[]>([]);
  return (
    <Example title="Limit of 3" chosen={chosen.length}>
      <Multiselect
        label="Favourite businesses"
        name="favourites"
        placeholder="Search businesses"
        maxSelected={3}
        loadOptions={loadBusinesses}
        onChange={setChosen}
      />
    </Example>
  );
}

function PreselectedExample() {
  // Controlled: the kit holds the value.
  const [chosen, setChosen] = useState(() => pick(cities, "Lagos", "Abuja", "Port Harcourt"));
  return (
    <Example title="Preselected" chosen={chosen.length}>
      <Multiselect
        label="Delivery cities"
        name="cities"
        loadOptions={loadCities}
        value={chosen}
        onChange={setChosen}
      />
    </Example>
  );
}

function ErrorExample() {
  const [chosen, setChosen] = useState<MultiselectOption[]>([]);
  return (
    <Example title="With an error" chosen={chosen.length}>
      <Multiselect
        label="Categories"
        name="categories"
        placeholder="Choose categories"
        loadOptions={loadCategories}
        error={chosen.length === 0 ? "Choose at least one category." : undefined}
        onChange={setChosen}
      />
    </Example>
  );
}

function DisabledExample() {
  const preselected = pick(cities, "Ibadan", "Kano");
  return (
    <Example title="Disabled" chosen={preselected.length}>
      <Multiselect
        label="Pickup cities"
        name="pickup"
        loadOptions={loadCities}
        defaultValue={preselected}
        disabled
      />
    </Example>
  );
}

function FailingExample() {
  const [chosen, setChosen] = useState<MultiselectOption[]>([]);
  // Each page fails the first time it is asked for, as on a bad connection; Retry gets it.
  const failedOnce = useRef(new Set<string>());
  const loadFlaky: LoadOptions = async (request) => {
    const key = `${request.query}|${request.offset}`;
    if (!failedOnce.current.has(key)) {
      failedOnce.current.add(key);
      throw new Error("The network dropped the request");
    }
    return loadBusinesses(request);
  };
  return (
    <Example title="Failing loader" chosen={chosen.length}>
      <Multiselect
        label="Businesses on a bad connection"
        name="flaky"
        placeholder="Search businesses"
        loadOptions={loadFlaky}
        onChange={setChosen}
      />
    </Example>
  );
}

/**
 * The multiselect's section of the kit page (/dev/kit). The page loads it on demand, so it
 * hydrates after the rest of the page; `data-ready` tells the browser tests it has.
 */
export function MultiselectKit() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div data-ready={ready || undefined} className="grid gap-x-6 gap-y-8 sm:grid-cols-2">
      <NoLimitExample />
      <LimitExample />
      <PreselectedExample />
      <ErrorExample />
      <DisabledExample />
      <FailingExample />
    </div>
  );
}
