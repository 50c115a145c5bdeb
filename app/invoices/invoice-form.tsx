import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { pickerDay } from "#app/components/ui/date-picker/iso-day.ts";
import { LazyDatePicker } from "#app/components/ui/date-picker/lazy-date-picker.tsx";
import {
  CheckboxField,
  Field,
  FieldError,
  SelectField,
  type SelectOption,
  TextAreaField,
} from "#app/components/ui/field.tsx";
import { FieldsetPanel } from "#app/components/ui/fieldset-panel.tsx";
import {
  ConsoleFormOutcome,
  ConsoleSaveBar,
  type FieldErrors,
} from "#app/console/console-form.tsx";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { formatNaira, type Kobo } from "#app/money.ts";
import { type InvoiceFormText, type InvoiceLineText, lineFields } from "./invoice-form-values.ts";
import { invoiceLimits, latestDueDate, vatRatePercent } from "./invoice-limits.ts";

/** A catalogue product a line may bill, its price also as a form shows it ("2500.50"). */
export interface InvoiceProductChoice {
  id: string;
  name: string;
  priceKobo: Kobo;
  priceText: string;
}

const discountOptions: SelectOption[] = [
  { value: "none", label: "No discount" },
  { value: "percent", label: "A percentage off" },
  { value: "amount", label: "An amount off (₦)" },
];

const blankLine: InvoiceLineText = { product: "", description: "", quantity: "", unitPrice: "" };
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * The invoice form of the console (issue 24, decision 058), for a new invoice and for a draft:
 * the customer, the lines, the discount, VAT, the due date and notes. A plain HTML form: the
 * lines post as parallel repeated fields with spare blank rows (which the server drops), so it
 * works without JavaScript; with it, rows can be added. The server checks everything, names each
 * field it refuses (`lines.2.quantity`) and works out the totals, which the draft's page shows.
 * (A running total here would need the naira parser in the browser, where it would join every
 * page's entry chunk: decision 015's budget has no room for it.)
 */
export function InvoiceForm({
  text,
  errors,
  products,
  today,
  submitLabel,
}: {
  /** What the fields start with: a new invoice's, a saved draft's, or a refused post's. */
  text: InvoiceFormText;
  errors: FieldErrors;
  products: readonly InvoiceProductChoice[];
  /** Today in Lagos, YYYY-MM-DD: the earliest due date. */
  today: string;
  submitLabel: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const saving = busy && navigation.formData?.get("intent") === "save";
  const [rows, setRows] = useState(text.lines.length);
  const [discountKind, setDiscountKind] = useState(text.discountKind);

  const productOptions = useMemo(() => {
    const known = new Set(products.map((product) => product.id));
    const options: SelectOption[] = products.map((product) => ({
      value: product.id,
      label: `${product.name} · ${formatNaira(product.priceKobo)}`,
    }));
    // A saved line's product that has since been archived stays choosable on its own line.
    for (const line of text.lines) {
      if (line.product && !known.has(line.product)) {
        options.push({ value: line.product, label: line.description || "A product you archived" });
      }
    }
    return options;
  }, [products, text.lines]);
  const latestDue = latestDueDate(today);

  return (
    <Form method="post" noValidate className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      <ConsoleFormOutcome errors={errors} done={undefined} summary={errors.form} />
      <FieldsetPanel title="Customer" intro="Who pays: the invoice goes to this email address.">
        <Field
          label="Name"
          name="customerName"
          autoComplete="off"
          maxLength={invoiceLimits.customerNameMax}
          defaultValue={text.customerName}
          error={errors.customerName}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Email"
            name="customerEmail"
            type="email"
            inputMode="email"
            autoComplete="off"
            defaultValue={text.customerEmail}
            error={errors.customerEmail}
          />
          <Field
            label="Phone (optional)"
            name="customerPhone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            defaultValue={text.customerPhone}
            hint="A Nigerian number, like 0803 123 4567."
            error={errors.customerPhone}
          />
        </div>
      </FieldsetPanel>

      <FieldsetPanel
        title="Lines"
        intro="Choose a product or describe the line. A product's name and price fill an empty description or price; you may bill another price. Empty rows are ignored."
      >
        {errors.lines ? <FieldError>{errors.lines}</FieldError> : null}
        <ol className="space-y-3">
          {Array.from({ length: rows }, (_, row) => (
            <LineRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are only ever added at the end
              key={row}
              row={row}
              line={text.lines[row] ?? blankLine}
              options={productOptions}
              products={products}
              errors={errors}
            />
          ))}
        </ol>
        {hydrated && rows < invoiceLimits.maxLines ? (
          <Button variant="secondary" onClick={() => setRows(rows + 1)}>
            <Plus aria-hidden="true" className="size-4" /> Add a line
          </Button>
        ) : null}
      </FieldsetPanel>

      <FieldsetPanel title="Discount, VAT and due date">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Discount"
            name="discountKind"
            value={discountKind}
            onChange={(event) => setDiscountKind(event.target.value)}
            options={discountOptions}
            error={errors.discountKind}
          />
          {hydrated && discountKind === "none" ? null : (
            <Field
              label={
                discountKind === "percent"
                  ? "Percentage off"
                  : discountKind === "amount"
                    ? "Amount off (₦)"
                    : "Discount value"
              }
              name="discountValue"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={text.discountValue}
              hint="A whole percentage like 10, or naira like 5000."
              error={errors.discountValue}
            />
          )}
        </div>
        <CheckboxField
          label={`Charge VAT (${vatRatePercent}%)`}
          name="vat"
          defaultChecked={text.vat}
          error={errors.vat}
        />
        <LazyDatePicker
          label="Due date"
          name="dueOn"
          autoApply
          defaultValue={pickerDay(isDay(text.dueOn) ? text.dueOn : today)}
          minDate={pickerDay(today)}
          maxDate={pickerDay(latestDue)}
          error={errors.dueOn}
        />
        <TextAreaField
          label="Notes for the customer (optional)"
          name="notes"
          rows={3}
          maxLength={invoiceLimits.notesMax}
          defaultValue={text.notes}
          hint="Shown on the invoice: what the work covers, a thank-you."
          error={errors.notes}
        />
      </FieldsetPanel>

      <ConsoleSaveBar busy={busy}>{saving ? "Saving…" : submitLabel}</ConsoleSaveBar>
    </Form>
  );
}

/** One row of the lines: a product or a description, the quantity and the unit price. */
function LineRow({
  row,
  line,
  options,
  products,
  errors,
}: {
  row: number;
  /** What the row starts with. */
  line: InvoiceLineText;
  options: readonly SelectOption[];
  products: readonly InvoiceProductChoice[];
  errors: FieldErrors;
}) {
  const error = (field: keyof InvoiceLineText) => errors[`lines.${row}.${field}`];
  // The chosen product's name and price show in the empty fields they would fill.
  const [productId, setProductId] = useState(line.product);
  const product = products.find((choice) => choice.id === productId);
  return (
    <li>
      <fieldset className="rounded-xl border border-line p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold text-ink">Line {row + 1}</legend>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_6rem_9rem]">
          <SelectField
            className="col-span-2 sm:col-span-1"
            label="Product"
            name={lineFields.product}
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
            placeholder="None: describe it"
            options={options}
            error={error("product")}
          />
          <Field
            className="col-span-2 sm:col-span-1"
            label="Description"
            name={lineFields.description}
            autoComplete="off"
            maxLength={invoiceLimits.lineDescriptionMax}
            defaultValue={line.description}
            placeholder={product?.name}
            error={error("description")}
          />
          <Field
            label="Quantity"
            name={lineFields.quantity}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={line.quantity}
            error={error("quantity")}
          />
          <Field
            label="Unit price (₦)"
            name={lineFields.unitPrice}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={line.unitPrice}
            placeholder={product?.priceText}
            error={error("unitPrice")}
          />
        </div>
        {errors[`lines.${row}`] ? <FieldError>{errors[`lines.${row}`]}</FieldError> : null}
      </fieldset>
    </li>
  );
}
