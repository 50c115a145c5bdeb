import { formatNaira, kobo } from "#app/money.ts";
import { type SimulatedTransaction, testCards } from "./simulator.ts";

/**
 * The hosted checkout's pages: plain server-rendered HTML, one stylesheet and one small script
 * (browser/checkout.*), no inline script or style, so a strict CSP holds. Every value is
 * escaped by the `html` template tag.
 */

class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

function fragment(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(fragment).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return new Html(strings.reduce((out, part, i) => out + fragment(values[i - 1]) + part));
}

/** Where the page runs: the simulator's path prefix, and the overlay's origin when framed. */
export interface PageContext {
  /** "/_paystack" inside Oja, "" on its own server. */
  basePath: string;
  merchantName: string;
  /** Set when the inline script opened the page in its overlay. */
  parentOrigin: string | null;
}

export type FieldName = "number" | "expiry" | "cvv";

export interface CheckoutForm {
  values: { number?: string; expiry?: string };
  errors: Partial<Record<FieldName, string>>;
  /** A refusal of the whole attempt (declined, insufficient funds). */
  alert?: { title: string; message: string };
}

const checkIcon = html`<svg class="result-icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="currentColor" opacity=".12"/><path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const crossIcon = html`<svg class="result-icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="currentColor" opacity=".12"/><path d="M8.5 8.5l7 7m0-7l-7 7" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>`;

function amount(transaction: SimulatedTransaction): string {
  return formatNaira(kobo(transaction.amount));
}

function groups(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

function page(
  context: PageContext,
  title: string,
  body: Html,
  data: Record<string, string> = {},
): string {
  const attributes = Object.entries({
    ...data,
    ...(context.parentOrigin ? { "parent-origin": context.parentOrigin } : {}),
  }).map(([name, value]) => html` data-${name}="${value}"`);
  const assets = `${context.basePath}/checkout/assets`;
  return `<!doctype html>${html`<html lang="en-NG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${title}</title>
<!-- No icon: without this the browser asks the host for /favicon.ico, which it doesn't have. -->
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assets}/checkout.css">
<script src="${assets}/checkout.js" defer></script>
</head>
<body class="${context.parentOrigin ? "embedded" : "full-page"}"${attributes}>
${body}
</body>
</html>`}`;
}

/** Hidden fields that keep the overlay's origin across the form posts. */
function keepContext(context: PageContext): Html {
  return context.parentOrigin
    ? html`<input type="hidden" name="parent_origin" value="${context.parentOrigin}">`
    : html``;
}

function header(context: PageContext, transaction: SimulatedTransaction): Html {
  const initial = context.merchantName.trim().charAt(0).toUpperCase() || "P";
  return html`<header class="merchant">
  <span class="avatar" aria-hidden="true">${initial}</span>
  <div class="merchant-text">
    <p class="merchant-name">${context.merchantName}</p>
    <p class="email">${transaction.email}</p>
  </div>
  <span class="badge">Test mode</span>
</header>`;
}

function footer(transaction: SimulatedTransaction): Html {
  return html`<footer class="footer">
  <p>Reference <span class="reference">${transaction.reference}</span></p>
  <p>Paystack simulator · no real money moves</p>
</footer>`;
}

const fieldLabels: Record<FieldName, string> = {
  number: "Card number",
  expiry: "Expiry date",
  cvv: "CVV",
};

function field(
  name: FieldName,
  form: CheckoutForm,
  input: { hint?: string; autocomplete: string; placeholder: string; maxlength: number },
): Html {
  const error = form.errors[name];
  const described = [input.hint ? `${name}-hint` : "", error ? `${name}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const value = name === "cvv" ? "" : (form.values[name] ?? "");
  return html`<div class="field${error ? " invalid" : ""}">
  <label for="${name}">${fieldLabels[name]}</label>
  ${input.hint ? html`<p class="hint" id="${name}-hint">${input.hint}</p>` : ""}
  <input id="${name}" name="${name}" type="text" inputmode="numeric" autocomplete="${input.autocomplete}" placeholder="${input.placeholder}" maxlength="${input.maxlength}" value="${value}" required${described ? html` aria-describedby="${described}"` : ""}${error ? html` aria-invalid="true"` : ""}>
  ${error ? html`<p class="error" id="${name}-error">${error}</p>` : ""}
</div>`;
}

export function checkoutPage(
  context: PageContext,
  transaction: SimulatedTransaction,
  form: CheckoutForm = { values: {}, errors: {} },
): string {
  const action = `${context.basePath}/checkout/${transaction.accessCode}`;
  const problems = Object.entries(form.errors) as Array<[FieldName, string]>;
  const alert = form.alert
    ? html`<div class="alert" role="alert" id="alert" tabindex="-1">
  <p class="alert-title">${form.alert.title}</p>
  <p>${form.alert.message}</p>
</div>`
    : problems.length > 0
      ? html`<div class="alert" role="alert" id="alert" tabindex="-1">
  <p class="alert-title">Check the card details</p>
  <ul>${problems.map(([name, message]) => html`<li><a href="#${name}">${message}</a></li>`)}</ul>
</div>`
      : "";
  const body = html`<main class="sheet" aria-labelledby="title">
${header(context, transaction)}
<h1 id="title" class="amount"><span class="amount-label">Pay</span> ${amount(transaction)}</h1>
${transaction.label ? html`<p class="label">${transaction.label}</p>` : ""}
<p class="test-note"><strong>Test mode.</strong> This is Oja's Paystack simulator: no card is charged. Pay with one of the test cards below.</p>
${alert}
<section class="test-cards" aria-labelledby="cards-title">
  <h2 id="cards-title">Test cards</h2>
  <ul>
    ${testCards.map(
      (card) => html`<li>
      <span class="card-outcome">${card.label}</span>
      <span class="card-number">${groups(card.number)}</span>
      <button type="button" class="use-card" data-card="${card.number}" hidden>Use<span class="visually-hidden"> card ${groups(card.number)}</span></button>
    </li>`,
    )}
  </ul>
  <p class="hint">Any expiry date in the future (such as 12/30) and any 3-digit CVV (such as 408).</p>
</section>
<form class="card-form" method="post" action="${action}/pay" novalidate>
  ${keepContext(context)}
  ${field("number", form, { autocomplete: "cc-number", placeholder: "0000 0000 0000 0000", maxlength: 23 })}
  <div class="row">
    ${field("expiry", form, { hint: "MM/YY", autocomplete: "cc-exp", placeholder: "MM/YY", maxlength: 7 })}
    ${field("cvv", form, { hint: "3 digits on the back", autocomplete: "cc-csc", placeholder: "123", maxlength: 4 })}
  </div>
  <button type="submit" class="pay">Pay ${amount(transaction)}</button>
</form>
<form class="cancel-form" method="post" action="${action}/cancel">
  ${keepContext(context)}
  <button type="submit" class="cancel">Cancel payment</button>
</form>
${footer(transaction)}
</main>`;
  return page(context, `Pay ${amount(transaction)} · ${context.merchantName} · Test mode`, body, {
    "access-code": transaction.accessCode,
    reference: transaction.reference,
    "transaction-id": String(transaction.id),
  });
}

export type ResultKind = "success" | "cancelled" | "paid";

/**
 * The end of a checkout. In the overlay, checkout.js hands `message` to the inline script,
 * which closes the overlay; as a full page it links back to the shop when there is a way back.
 */
export function resultPage(
  context: PageContext,
  transaction: SimulatedTransaction,
  kind: ResultKind,
  options: { returnUrl: string | null; message: object | null },
): string {
  const texts = {
    success: {
      title: "Payment successful",
      text: `${amount(transaction)} paid to ${context.merchantName}.`,
    },
    paid: {
      title: "This payment is complete",
      text: `${amount(transaction)} was already paid to ${context.merchantName}.`,
    },
    cancelled: { title: "Payment cancelled", text: "No money was taken." },
  }[kind];
  const body = html`<main class="sheet result ${kind === "cancelled" ? "result-cancelled" : "result-success"}" aria-labelledby="title">
${header(context, transaction)}
<div class="result-body">
  ${kind === "cancelled" ? crossIcon : checkIcon}
  <h1 id="title" tabindex="-1">${texts.title}</h1>
  <p>${texts.text}</p>
  ${context.parentOrigin ? html`<p class="hint">Returning you to ${context.merchantName}…</p>` : ""}
  ${options.returnUrl && !context.parentOrigin ? html`<a class="pay" href="${options.returnUrl}">Return to ${context.merchantName}</a>` : ""}
</div>
${footer(transaction)}
</main>`;
  return page(
    context,
    `${texts.title} · ${context.merchantName} · Test mode`,
    body,
    options.message ? { message: JSON.stringify(options.message) } : {},
  );
}

export function notFoundPage(context: PageContext): string {
  const body = html`<main class="sheet result result-cancelled" aria-labelledby="title">
<div class="result-body">
  ${crossIcon}
  <h1 id="title" tabindex="-1">This checkout link is not valid</h1>
  <p>It may have expired, or the simulator was restarted and forgot it. Go back to the shop and start the payment again.</p>
</div>
</main>`;
  return page(
    context,
    "Checkout not found · Test mode",
    body,
    context.parentOrigin
      ? { message: JSON.stringify({ type: "error", message: "Checkout not found" }) }
      : {},
  );
}
