import { ArrowLeft, Download, FileUp } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { importFromRequest } from "#app/console/catalogue/product-csv.server.ts";
import {
  csvColumns,
  type ImportReport,
  maxImportRows,
} from "#app/console/catalogue/product-limits.ts";
import type { Route } from "./+types/vendor-products-import";

/**
 * /vendor/{business}/products/import: upload a product CSV (the export's format). With
 * JavaScript the file goes up by XMLHttpRequest with a progress bar, then a "checking" bar while
 * the server validates and imports; without, the form posts here. Either way: every product
 * created or updated by slug, or nothing, with each bad line listed.
 */
export function meta() {
  return [{ title: "Import products · Console · Oja" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireCatalogueManager(context, request, params.business);
  return null;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor } = await requireCatalogueManager(context, request, params.business);
  const { report, status } = await importFromRequest(context, actor, request);
  return data<ImportReport>(report, { status });
}

type Stage =
  | { kind: "idle" }
  | { kind: "uploading"; fraction: number }
  | { kind: "processing" }
  | { kind: "done"; report: ImportReport };

function sendImport(
  url: string,
  file: File,
  onStage: (stage: Stage) => void,
): Promise<ImportReport> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable)
        onStage({ kind: "uploading", fraction: event.loaded / event.total });
    });
    // Sent: the server now reads and checks every line.
    request.upload.addEventListener("load", () => onStage({ kind: "processing" }));
    request.addEventListener("load", () => {
      const body = request.response as ImportReport | null;
      resolve(
        body && typeof body === "object" && "ok" in body
          ? body
          : {
              ok: false,
              problems: ["The import failed on our side. Nothing was imported; try again."],
            },
      );
    });
    request.addEventListener("error", () =>
      resolve({
        ok: false,
        problems: ["The upload stopped. Check your connection; nothing was imported."],
      }),
    );
    const body = new FormData();
    body.append("file", file);
    request.send(body);
  });
}

export default function VendorProductsImport({ actionData, params }: Route.ComponentProps) {
  const base = `/vendor/${params.business}/products`;
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const fileRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const report = stage.kind === "done" ? stage.report : (actionData ?? null);
  const busy =
    stage.kind === "uploading" || stage.kind === "processing" || navigation.state === "submitting";

  useEffect(() => {
    if (stage.kind === "done") resultRef.current?.focus();
  }, [stage]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    const file = fileRef.current?.files?.[0];
    if (!file) return; // The server answers "Choose a CSV file" for the plain post.
    event.preventDefault();
    setStage({ kind: "uploading", fraction: 0 });
    const result = await sendImport(`${base}/import/upload`, file, setStage);
    setStage({ kind: "done", report: result });
    if (result.ok) {
      if (fileRef.current) fileRef.current.value = "";
      void revalidator.revalidate();
    }
  }

  return (
    <section aria-labelledby="import-heading" className="space-y-5">
      <Link
        to={base}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Products
      </Link>
      <h1 id="import-heading" className="text-xl font-semibold text-ink">
        Import products from CSV
      </h1>
      <div className="space-y-2 rounded-card border border-line bg-surface p-4 text-sm text-ink sm:p-5">
        <p>
          One product a line, with these columns in the first line (any order):{" "}
          <code className="break-words rounded bg-surface-sunken px-1 py-0.5">
            {csvColumns.join(",")}
          </code>
        </p>
        <ul className="list-disc space-y-1 pl-5 text-ink-muted">
          <li>A product whose slug you already have is updated; any other slug is added.</li>
          <li>Prices in naira, like 12500.00; compare-at may be empty, else above the price.</li>
          <li>
            Sizes and tags separated by <code>|</code>, like <code>S|M|L</code>; status is draft,
            active or archived.
          </li>
          <li>
            The export puts a <code>'</code> before text starting with <code>=</code>,{" "}
            <code>+</code>, <code>-</code> or <code>@</code> so spreadsheets show it instead of
            running it as a formula; the import takes it off again.
          </li>
          <li>
            Up to {maxImportRows} products and 2 MB a file. If any line has a problem, nothing is
            imported and every problem is listed.
          </li>
        </ul>
        <a
          href={`${base}/export.csv`}
          download
          className="inline-flex items-center gap-1.5 font-medium text-brand-strong hover:underline"
        >
          <Download aria-hidden="true" className="size-4" /> Download your products as a starting
          point
        </a>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={submit}
        className="space-y-4 rounded-card border border-line bg-surface p-4 sm:p-5"
      >
        <div className="space-y-1.5">
          <label htmlFor="import-file" className="block text-sm font-medium text-ink">
            CSV file
          </label>
          <input
            ref={fileRef}
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            disabled={busy}
            onChange={() => setStage({ kind: "idle" })}
            className="block w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-surface-sunken file:px-4 file:font-semibold file:text-ink"
          />
        </div>
        <Button type="submit" disabled={busy}>
          <FileUp aria-hidden="true" className="size-4" />
          {busy ? "Importing…" : "Import"}
        </Button>
        {stage.kind === "uploading" || stage.kind === "processing" ? (
          <div className="space-y-1.5">
            <p id="import-progress-label" className="text-sm text-ink">
              {stage.kind === "uploading"
                ? `Uploading… ${Math.round(stage.fraction * 100)}%`
                : "Checking every line and importing…"}
            </p>
            {stage.kind === "uploading" ? (
              <progress
                aria-labelledby="import-progress-label"
                max={100}
                value={Math.round(stage.fraction * 100)}
                className="h-2 w-full accent-brand"
              />
            ) : (
              // No value: an indeterminate bar while the server works.
              <progress
                aria-labelledby="import-progress-label"
                className="h-2 w-full accent-brand"
              />
            )}
          </div>
        ) : null}
      </Form>
      <div ref={resultRef} tabIndex={-1} className="outline-none">
        {report ? <ImportResult report={report} productsHref={base} /> : null}
      </div>
    </section>
  );
}

function ImportResult({ report, productsHref }: { report: ImportReport; productsHref: string }) {
  if (report.ok) {
    return (
      <FormMessage tone="success">
        Imported: {report.created} new, {report.updated} updated.{" "}
        <Link to={productsHref} className="font-semibold underline">
          See your products
        </Link>
      </FormMessage>
    );
  }
  return (
    <FormMessage tone="error">
      <p className="font-semibold">Nothing was imported. Fix these and upload the file again:</p>
      <ul aria-label="Problems in the file" className="mt-2 list-disc space-y-1 pl-5">
        {report.problems.map((problem, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once
          <li key={index}>{problem}</li>
        ))}
      </ul>
    </FormMessage>
  );
}
