import { and, eq, inArray, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import { products } from "#app/catalog/schema.server.ts";
import { services } from "#app/context.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { kobo, koboToNairaText } from "#app/money.ts";
import { CsvSyntaxError, parseCsv, writeCsv } from "./csv.ts";
import {
  type CsvColumn,
  csvColumns,
  type ImportReport,
  maxImportBytes,
  maxImportRows,
  type ProductCsvRow,
  productCsvSchema,
} from "./product-input.ts";
import { allProductsOf, type CatalogueActor } from "./products.server.ts";

/**
 * The product CSV (decision 017): the export writes every product of the business in the
 * columns of `csvColumns`; the import reads the same format, checks every line, and either
 * creates or updates every product by slug in one transaction, or changes nothing and lists
 * every problem with its line number.
 */
/** A report lists this many problems; the rest are counted. */
const maxReportedProblems = 200;

export async function exportProductsCsv(db: Database, businessId: string): Promise<string> {
  const rows = await allProductsOf(db, businessId);
  return writeCsv([
    [...csvColumns],
    ...rows.map((product) => [
      product.slug,
      product.name,
      product.description,
      koboToNairaText(kobo(product.priceKobo)),
      product.compareAtKobo === null ? "" : koboToNairaText(kobo(product.compareAtKobo)),
      product.sizes.join("|"),
      String(product.stock),
      product.tags.join("|"),
      product.status,
    ]),
  ]);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function refuse(...problems: string[]): ImportReport {
  return { ok: false, problems };
}

/** The rows of a product CSV, checked; or every problem found, each with its line. */
export function readProductCsv(text: string): { rows: ProductCsvRow[] } | { problems: string[] } {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { problems: [error.message] };
    throw error;
  }
  const [header, ...lines] = records;
  if (!header) {
    return { problems: ["The file is empty. Start from an export to get the columns right."] };
  }
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const problems: string[] = [];
  const unknown = names.filter((name) => !(csvColumns as readonly string[]).includes(name));
  const missing = csvColumns.filter((column) => !names.includes(column));
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (unknown.length > 0) {
    problems.push(
      `Line ${header.line}: unknown column ${unknown.map((name) => `"${name}"`).join(", ")}`,
    );
  }
  if (missing.length > 0) {
    problems.push(
      `Line ${header.line}: missing column ${missing.map((name) => `"${name}"`).join(", ")}`,
    );
  }
  if (repeated.length > 0) {
    problems.push(`Line ${header.line}: column "${repeated[0]}" appears twice`);
  }
  if (problems.length > 0) {
    problems.push(`The first line must name the columns: ${csvColumns.join(",")}`);
    return { problems };
  }
  if (lines.length === 0) return { problems: ["The file has no products below its first line."] };
  if (lines.length > maxImportRows) {
    return {
      problems: [
        `The file has ${lines.length} products; import at most ${maxImportRows} at a time.`,
      ],
    };
  }
  const rows: ProductCsvRow[] = [];
  const slugLines = new Map<string, number>();
  for (const record of lines) {
    if (record.fields.length !== names.length) {
      problems.push(
        `Line ${record.line}: has ${record.fields.length} values but the first line names ${names.length} columns`,
      );
      continue;
    }
    const values = Object.fromEntries(
      names.map((name, index) => [name, record.fields[index]]),
    ) as Record<CsvColumn, string>;
    const parsed = productCsvSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(`Line ${record.line}: ${lowerFirst(issue.message)}`);
      }
      continue;
    }
    const earlier = slugLines.get(parsed.data.slug);
    if (earlier !== undefined) {
      problems.push(
        `Line ${record.line}: slug "${parsed.data.slug}" is already on line ${earlier}; each product once`,
      );
      continue;
    }
    slugLines.set(parsed.data.slug, record.line);
    rows.push(parsed.data);
  }
  if (problems.length > maxReportedProblems) {
    const more = problems.length - maxReportedProblems;
    return {
      problems: [...problems.slice(0, maxReportedProblems), `…and ${more} more problems.`],
    };
  }
  return problems.length > 0 ? { problems } : { rows };
}

/** Creates or updates every row by slug, all in one transaction with its audit entry. */
export async function importProducts(
  db: Database,
  actor: CatalogueActor,
  text: string,
): Promise<ImportReport> {
  const read = readProductCsv(text);
  if ("problems" in read) return refuse(...read.problems);
  const { rows } = read;
  return db.transaction(async (tx) => {
    let updated = 0;
    const chunk = 500;
    for (let start = 0; start < rows.length; start += chunk) {
      const part = rows.slice(start, start + chunk);
      const existing = await tx
        .select({ slug: products.slug })
        .from(products)
        .where(
          and(
            eq(products.businessId, actor.businessId),
            inArray(
              products.slug,
              part.map((row) => row.slug),
            ),
          ),
        );
      updated += existing.length;
      await tx
        .insert(products)
        .values(
          part.map((row) => ({
            id: newId("prd"),
            businessId: actor.businessId,
            slug: row.slug,
            name: row.name,
            description: row.description,
            priceKobo: row.price,
            compareAtKobo: row.compareAt,
            sizes: row.sizes,
            stock: row.stock,
            tags: row.tags,
            status: row.status,
          })),
        )
        .onConflictDoUpdate({
          target: [products.businessId, products.slug],
          set: {
            name: sql`excluded.name`,
            description: sql`excluded.description`,
            priceKobo: sql`excluded.price_kobo`,
            compareAtKobo: sql`excluded.compare_at_kobo`,
            sizes: sql`excluded.sizes`,
            stock: sql`excluded.stock`,
            tags: sql`excluded.tags`,
            status: sql`excluded.status`,
            updatedAt: sql`now()`,
          },
        });
    }
    const created = rows.length - updated;
    await recordAudit(tx, {
      action: "products.imported",
      actorId: actor.userId,
      subjectId: actor.businessId,
      details: { created, updated, rows: rows.length },
      ...auditSource(actor.request),
    });
    return { ok: true, created, updated } as const;
  });
}

/**
 * The import's post, from the page's form or its uploader: one `file` field of at most 2 MB of
 * UTF-8 text. Answers the report and its status (200, or 400/413 with the problems).
 */
export async function importFromRequest(
  context: Readonly<RouterContextProvider>,
  actor: CatalogueActor,
  request: Request,
): Promise<{ report: ImportReport; status: 200 | 400 | 413 }> {
  const tooBig = `The file is larger than 2 MB. Import at most ${maxImportRows} products at a time.`;
  if (Number(request.headers.get("content-length") ?? 0) > maxImportBytes + 64 * 1024) {
    return { report: refuse(tooBig), status: 413 };
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    file = null;
  }
  if (!(file instanceof File) || file.size === 0) {
    return { report: refuse("Choose a CSV file to import."), status: 400 };
  }
  if (file.size > maxImportBytes) return { report: refuse(tooBig), status: 413 };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return {
      report: refuse("The file isn't UTF-8 text. Save it from your spreadsheet as “CSV UTF-8”."),
      status: 400,
    };
  }
  const report = await importProducts(services(context).db, actor, text);
  return { report, status: report.ok ? 200 : 400 };
}
