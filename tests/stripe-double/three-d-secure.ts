import {
  completeSetup,
  failPaymentAuthentication,
  failSetupAuthentication,
  succeedPayment,
  type World,
} from './intents';

/**
 * The issuer's 3-D Secure page, as the double serves it at
 * `/3d_secure_2/authenticate/<intent id>?return_url=…`: "Complete" succeeds the intent (the
 * webhook follows), "Fail" fails it; both go back to the return URL with the intent's id, its
 * client secret and `redirect_status`, as the provider's redirect does.
 */

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function intentOf(w: World, id: string) {
  const payment = w.state.paymentIntents.get(id);
  if (payment) return { kind: 'payment' as const, intent: payment };
  const setup = w.state.setupIntents.get(id);
  if (setup) return { kind: 'setup' as const, intent: setup };
  return null;
}

const html = (status: number, title: string, body: string): PageAnswer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`,
});

/** GET: the page with its two buttons. */
export function authenticationPage(w: World, id: string, returnUrl: string | null): PageAnswer {
  const found = intentOf(w, id);
  if (!found || found.intent.status !== 'requires_action') {
    return html(404, '3D Secure', '<h1>3D Secure</h1><p>There is nothing to authenticate.</p>');
  }
  const query = returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : '';
  const what =
    found.kind === 'payment'
      ? `${(found.intent.amount / 100).toFixed(2)} ${found.intent.currency.toUpperCase()}`
      : 'saving your card';
  const form = (action: 'complete' | 'fail', label: string) =>
    `<form method="post" action="/3d_secure_2/authenticate/${escape(id)}/${action}${escape(query)}"><button type="submit">${label}</button></form>`;
  return html(
    200,
    '3D Secure 2 Test Page',
    `<h1>3D Secure 2 Test Page</h1><p>Authenticate ${escape(what)}.</p>${form('complete', 'Complete')}${form('fail', 'Fail')}`,
  );
}

/** POST …/complete or …/fail: the outcome, then back to the return URL. */
export function authenticate(w: World, id: string, action: 'complete' | 'fail', returnUrl: string | null): PageAnswer {
  const found = intentOf(w, id);
  if (!found || found.intent.status !== 'requires_action') {
    return html(409, '3D Secure', '<h1>3D Secure</h1><p>This authentication is over.</p>');
  }
  let succeeded: boolean;
  if (found.kind === 'payment') {
    const pi = action === 'complete' ? succeedPayment(w, found.intent) : failPaymentAuthentication(w, found.intent);
    succeeded = pi.status === 'succeeded';
  } else {
    const si = action === 'complete' ? completeSetup(w, found.intent, true) : failSetupAuthentication(w, found.intent);
    succeeded = si.status === 'succeeded';
  }
  if (!returnUrl) return html(200, '3D Secure', `<h1>3D Secure</h1><p>${succeeded ? 'Done.' : 'Failed.'}</p>`);
  const target = new URL(returnUrl);
  const prefix = found.kind === 'payment' ? 'payment_intent' : 'setup_intent';
  target.searchParams.set(prefix, id);
  target.searchParams.set(`${prefix}_client_secret`, found.intent.client_secret);
  target.searchParams.set('redirect_status', succeeded ? 'succeeded' : 'failed');
  return { status: 303, headers: { location: target.toString(), 'cache-control': 'no-store' }, body: '' };
}
