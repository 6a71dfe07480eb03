/**
 * The hosted onboarding page an Account Link leads to, `GET /connect/onboarding/<token>`: a small,
 * self-contained HTML form (name, test bank account, the agreement) that POSTs to itself. A valid
 * submission completes the account and sends the browser to the link's `return_url` (303); a used
 * or expired link goes to its `refresh_url`; problems re-render the page (400) with each message
 * tied to its field.
 */
import type { AccountLinks } from './account-links';
import type { Accounts } from './accounts';
import { TEST_BANK_ACCOUNTS, TEST_ROUTING_NUMBER, checkBankDetails } from './bank-accounts';
import { type FormObject, readString } from './form';

export const PAGE_TITLE = 'Stripe test mode: set up payouts';

type FieldName = 'first_name' | 'last_name' | 'routing_number' | 'account_number' | 'tos_acceptance';
type Values = Record<FieldName, string>;
type Problems = Partial<Record<FieldName, string>>;

export interface PageRequest {
  method: 'GET' | 'POST';
  token: string;
  /** The submitted form (POST). */
  form: FormObject;
  ip: string;
  userAgent: string | null;
}

export interface PageResponse {
  status: 200 | 303 | 400 | 404;
  /** The page, or a redirect's target. */
  html?: string;
  location?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const STYLE = `
:root { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1f36; background: #f6f9fc; }
body { margin: 0; }
main { max-width: 34rem; margin: 2rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.2); }
.mode { display: inline-block; margin: 0; padding: 0.15rem 0.5rem; border-radius: 4px; background: #ffde92; color: #5f3300; font-size: 0.85rem; font-weight: 600; }
h1 { font-size: 1.5rem; margin: 0.75rem 0 0.5rem; }
.intro, .hint { color: #4f566b; }
fieldset { border: 0; margin: 0 0 1.25rem; padding: 0; }
legend { font-size: 1.1rem; font-weight: 600; margin-bottom: 0.5rem; padding: 0; }
.field { margin-bottom: 1rem; }
label { display: block; font-weight: 500; margin-bottom: 0.25rem; }
input[type="text"] { box-sizing: border-box; width: 100%; padding: 0.6rem 0.7rem; font: inherit; border: 1px solid #6b7385; border-radius: 6px; }
input[aria-invalid="true"] { border: 2px solid #b3093c; }
.hint { font-size: 0.9rem; margin: 0.3rem 0 0; }
.hint ul { margin: 0.25rem 0 0; padding-left: 1.25rem; }
.error { color: #b3093c; font-weight: 600; margin: 0.3rem 0 0; }
.check { display: flex; gap: 0.6rem; align-items: flex-start; }
.check input { width: 1.2rem; height: 1.2rem; margin: 0.15rem 0 0; flex: none; }
.check label { margin: 0; }
button { font: inherit; font-weight: 600; color: #fff; background: #533afd; border: 0; border-radius: 6px; padding: 0.7rem 1.25rem; cursor: pointer; }
button:hover { background: #4029d8; }
:focus-visible { outline: 3px solid #1a56db; outline-offset: 2px; }
.summary { border: 2px solid #b3093c; border-radius: 6px; padding: 0.75rem 1rem; margin-bottom: 1.25rem; }
.summary h2 { font-size: 1rem; margin: 0 0 0.5rem; }
.summary ul { margin: 0; padding-left: 1.25rem; }
.summary a { color: #b3093c; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
`;

function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="mode">Test mode</p>
${body}
</main>
</body>
</html>
`;
}

/** `aria-describedby` and `aria-invalid` for a field, pointing at its hint and its error. */
function describedBy(name: FieldName, problems: Problems, hint: boolean): string {
  const ids = [hint ? `${name}-hint` : '', problems[name] ? `${name}-error` : ''].filter(Boolean);
  const invalid = problems[name] ? ' aria-invalid="true"' : '';
  return ids.length > 0 ? ` aria-describedby="${ids.join(' ')}"${invalid}` : invalid;
}

function errorOf(name: FieldName, problems: Problems): string {
  const message = problems[name];
  return message ? `<p class="error" id="${name}-error">${escapeHtml(message)}</p>` : '';
}

function textField(name: FieldName, label: string, values: Values, problems: Problems, extra: string, hint = ''): string {
  return `<div class="field">
<label for="${name}">${label}</label>
<input type="text" id="${name}" name="${name}" value="${escapeHtml(values[name])}" required${extra}${describedBy(name, problems, hint !== '')}>
${hint ? `<div class="hint" id="${name}-hint">${hint}</div>` : ''}${errorOf(name, problems)}
</div>`;
}

const LABELS: Record<FieldName, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  routing_number: 'Routing number',
  account_number: 'Account number',
  tos_acceptance: 'I accept the Stripe Connected Account Agreement',
};

function accountHint(): string {
  const items = TEST_BANK_ACCOUNTS.map(
    ({ number, failure }) => `<li><code>${number}</code>: ${failure ? `payouts fail (<code>${failure}</code>)` : 'payouts succeed'}</li>`,
  );
  return `Test account numbers:<ul>${items.join('')}</ul>`;
}

function formPage(account: string, values: Values, problems: Problems): string {
  const listed = (Object.keys(problems) as FieldName[]).map(
    (name) => `<li><a href="#${name}">${escapeHtml(problems[name] ?? '')}</a></li>`,
  );
  const summary = listed.length
    ? `<div class="summary" role="alert"><h2>Check these fields</h2><ul>${listed.join('')}</ul></div>\n`
    : '';
  const checked = values.tos_acceptance === 'accepted' ? ' checked' : '';
  return htmlPage(
    `${listed.length ? 'Error: ' : ''}${PAGE_TITLE}`,
    `<h1>${PAGE_TITLE}</h1>
<p class="intro">This page stands in for Stripe's hosted onboarding of account <code>${escapeHtml(account)}</code>. Nothing real is collected: use the test bank details below.</p>
${summary}<form method="post">
<fieldset>
<legend>Your name</legend>
${textField('first_name', LABELS.first_name, values, problems, ' autocomplete="given-name"')}
${textField('last_name', LABELS.last_name, values, problems, ' autocomplete="family-name"')}
</fieldset>
<fieldset>
<legend>Bank account for payouts</legend>
${textField('routing_number', LABELS.routing_number, values, problems, ' inputmode="numeric" autocomplete="off"', `The test routing number is <code>${TEST_ROUTING_NUMBER}</code>.`)}
${textField('account_number', LABELS.account_number, values, problems, ' inputmode="numeric" autocomplete="off"', accountHint())}
</fieldset>
<div class="field">
<div class="check">
<input type="checkbox" id="tos_acceptance" name="tos_acceptance" value="accepted" required${checked}${describedBy('tos_acceptance', problems, false)}>
<label for="tos_acceptance">${LABELS.tos_acceptance}</label>
</div>
${errorOf('tos_acceptance', problems)}
</div>
<button type="submit">Save and continue</button>
</form>`,
  );
}

function notFoundPage(): string {
  return htmlPage(
    'Onboarding link not found',
    `<h1>Onboarding link not found</h1>
<p class="intro">This sandbox knows no onboarding link at this address. Ask the platform for a new one.</p>`,
  );
}

function readValues(form: FormObject): Values {
  const value = (name: FieldName) => (readString(form, name) ?? '').trim();
  return {
    first_name: value('first_name'),
    last_name: value('last_name'),
    routing_number: value('routing_number'),
    account_number: value('account_number'),
    tos_acceptance: value('tos_acceptance'),
  };
}

/** What is wrong with a submission, per field, in the order of the page. */
export function checkSubmission(values: Values): Problems {
  const problems: Problems = {};
  if (values.first_name === '') problems.first_name = 'Enter your first name.';
  if (values.last_name === '') problems.last_name = 'Enter your last name.';
  for (const { field, message } of checkBankDetails(values.routing_number, values.account_number)) problems[field] = message;
  if (values.tos_acceptance !== 'accepted') problems.tos_acceptance = 'Accept the Stripe Connected Account Agreement to continue.';
  return problems;
}

export class OnboardingPage {
  constructor(
    private readonly links: AccountLinks,
    private readonly accounts: Accounts,
  ) {}

  handle(request: PageRequest): PageResponse {
    const visit = this.links.visit(request.token);
    if (visit.state === 'unknown') return { status: 404, html: notFoundPage() };
    const { link } = visit;
    if (visit.state !== 'open') return { status: 303, location: link.refreshUrl };
    if (request.method === 'GET') {
      const blank: Values = { first_name: '', last_name: '', routing_number: TEST_ROUTING_NUMBER, account_number: '', tos_acceptance: '' };
      return { status: 200, html: formPage(link.account, blank, {}) };
    }
    const values = readValues(request.form);
    const problems = checkSubmission(values);
    if (Object.keys(problems).length > 0) return { status: 400, html: formPage(link.account, values, problems) };
    this.links.markUsed(link);
    this.accounts.completeOnboarding(link.account, {
      firstName: values.first_name,
      lastName: values.last_name,
      accountNumber: values.account_number,
      ip: request.ip,
      userAgent: request.userAgent,
    });
    return { status: 303, location: link.returnUrl };
  }
}
