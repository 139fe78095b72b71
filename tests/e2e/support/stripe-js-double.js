/*
 * A local double of Stripe.js (https://js.stripe.com/clover/stripe.js) for Paddock's browser
 * tests: the real `@stripe/stripe-js` loader injects this file (Playwright serves it for the
 * provider's script URL, tests/e2e/support/stripe.ts) and Paddock's pages call it as they call
 * the provider's own. It implements the subset Paddock uses and talks to the provider's HTTP
 * API (https://api.stripe.com/v1/…, routed to tests/stripe-double) with the publishable key and
 * the intent's client secret, as the real one does:
 *
 *   Stripe(pk)                       → stripe
 *   stripe.elements(options)         → elements; elements.create('card' | 'payment'), getElement
 *   element.mount(node | selector)   renders plain inputs "Card number", "Expiry date" (MM / YY)
 *                                    and "CVC" in the node (the real one mounts an iframe); 'ready'
 *                                    follows a moment later, 'change' on every keystroke
 *   stripe.confirmCardSetup / confirmSetup       POST /v1/payment_methods, then
 *                                                POST /v1/setup_intents/{id}/confirm
 *   stripe.confirmCardPayment / confirmPayment   POST /v1/payment_methods (a new card), then
 *                                                POST /v1/payment_intents/{id}/confirm
 *   stripe.retrievePaymentIntent / retrieveSetupIntent, stripe.handleNextAction / handleCardAction
 *
 * Next actions: with `handleActions: false` the intent comes back as it is (requires_action with
 * `next_action.redirect_to_url`, the page sends the browser there). Otherwise the provider's
 * 3-D Secure page opens over the page in a frame, as the real one's dialog does, and the promise
 * settles once the payer has answered it. confirmPayment / confirmSetup follow `redirect`:
 * 'always' (the default) goes to the return URL, 'if_required' only where the provider redirects.
 * Errors are the provider's own: `{ error: { type, code, message, … } }`.
 */
(() => {
  'use strict';

  const API = 'https://api.stripe.com/v1';

  /** The provider's form encoding: nested objects as bracketed keys. */
  function encode(params, prefix = '', out = []) {
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue;
      const key = prefix ? `${prefix}[${name}]` : name;
      if (typeof value === 'object') encode(value, key, out);
      else out.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
    return out.join('&');
  }

  /** One call to the HTTP API: `{ data }` or the provider's `{ error }`. */
  async function call(key, method, path, params = {}) {
    const body = encode({ key, ...params });
    const init = { method, credentials: 'omit' };
    let url = API + path;
    if (method === 'GET') url += `?${body}`;
    else {
      init.headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
      init.body = body;
    }
    let res;
    try {
      res = await fetch(url, init);
    } catch {
      return {
        error: {
          type: 'api_connection_error',
          message: 'A network error has occurred, and you have not been charged. Please try again.',
        },
      };
    }
    const data = await res.json();
    if (res.ok) return { data };
    return { error: data?.error ?? { type: 'api_error', message: 'An unexpected error occurred.' } };
  }

  const intentId = (clientSecret) => String(clientSecret).split('_secret_')[0];
  const kindOf = (clientSecret) => (/^seti_/.test(String(clientSecret)) ? 'setupIntent' : 'paymentIntent');
  const pathOf = (kind, clientSecret) =>
    `${kind === 'paymentIntent' ? '/payment_intents/' : '/setup_intents/'}${intentId(clientSecret)}`;

  function integrationError(message) {
    const error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function resultOf(kind, answer) {
    if (answer.error) return { error: answer.error };
    return { [kind]: answer.data };
  }

  // ---- the card element ----

  let serial = 0;
  const digits = (value) => String(value ?? '').replace(/\D/g, '');

  function brandOf(number) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    return 'unknown';
  }

  function field(id, label, attrs) {
    const wrap = document.createElement('div');
    wrap.style.cssText = 'display:flex;flex-direction:column;gap:2px;flex:1 1 7em;min-width:0';
    const labelNode = document.createElement('label');
    labelNode.htmlFor = id;
    labelNode.textContent = label;
    labelNode.style.cssText = 'font-size:12px;color:#555';
    const input = document.createElement('input');
    Object.assign(input, { id, type: 'text', inputMode: 'numeric', ...attrs });
    input.style.cssText = 'font:inherit;padding:4px 6px;border:1px solid #bbb;border-radius:4px;min-width:0';
    wrap.append(labelNode, input);
    return { wrap, input };
  }

  class CardElement {
    constructor(elements, type, options = {}) {
      this._elements = elements;
      this._type = type;
      this._options = options;
      this._handlers = {};
      this._root = null;
      this._inputs = null;
      this._destroyed = false;
    }

    on(event, handler) {
      (this._handlers[event] ??= []).push(handler);
      return this;
    }

    once(event, handler) {
      const once = (payload) => {
        this.off(event, once);
        handler(payload);
      };
      return this.on(event, once);
    }

    off(event, handler) {
      const list = this._handlers[event] ?? [];
      this._handlers[event] = handler ? list.filter((h) => h !== handler) : [];
      return this;
    }

    _emit(event, payload) {
      for (const handler of [...(this._handlers[event] ?? [])]) handler(payload);
    }

    _values() {
      const expiry = digits(this._inputs.expiry.value);
      return {
        number: digits(this._inputs.number.value),
        exp_month: expiry.slice(0, 2),
        exp_year: expiry.slice(2),
        cvc: digits(this._inputs.cvc.value),
      };
    }

    /** What is typed, checked as the provider's field checks it before anything is sent. */
    _state() {
      const v = this._values();
      const problem = (code, message) => ({ type: 'validation_error', code, message });
      let error = null;
      if (v.number.length < 12) error = problem('incomplete_number', 'Your card number is incomplete.');
      else if (v.exp_month.length < 2 || v.exp_year.length < 2) {
        error = problem('incomplete_expiry', "Your card's expiration date is incomplete.");
      } else if (Number(v.exp_month) < 1 || Number(v.exp_month) > 12) {
        error = problem('invalid_expiry_month', "Your card's expiration date is invalid.");
      } else if (v.cvc.length < 3) error = problem('incomplete_cvc', "Your card's security code is incomplete.");
      const empty = !v.number && !v.exp_month && !v.cvc;
      return { elementType: this._type, empty, complete: !error, error, brand: brandOf(v.number), value: {} };
    }

    mount(target) {
      if (this._destroyed) throw integrationError('This Element has already been destroyed. Please create a new one.');
      const node = typeof target === 'string' ? document.querySelector(target) : target;
      if (!node) {
        throw integrationError(
          `The selector you specified (${target}) applies to no DOM elements that are currently on the page.`,
        );
      }
      if (this._root) this.unmount();
      const id = `stripe-double-${++serial}`;
      const root = document.createElement('div');
      root.className = 'StripeElement StripeElement--double';
      root.style.cssText = 'display:flex;flex-wrap:wrap;gap:8px';
      const number = field(`${id}-number`, 'Card number', {
        autocomplete: 'cc-number',
        placeholder: '1234 1234 1234 1234',
        maxLength: 23,
      });
      const expiry = field(`${id}-expiry`, 'Expiry date', {
        autocomplete: 'cc-exp',
        placeholder: 'MM / YY',
        maxLength: 7,
      });
      const cvc = field(`${id}-cvc`, 'CVC', { autocomplete: 'cc-csc', placeholder: 'CVC', maxLength: 4 });
      root.append(number.wrap, expiry.wrap, cvc.wrap);
      this._inputs = { number: number.input, expiry: expiry.input, cvc: cvc.input };
      for (const input of Object.values(this._inputs)) {
        input.addEventListener('input', () => this._emit('change', this._state()));
        input.addEventListener('focus', () => this._emit('focus', { elementType: this._type }));
        input.addEventListener('blur', () => this._emit('blur', { elementType: this._type }));
      }
      node.appendChild(root);
      this._root = root;
      // The real element is an iframe that loads: 'ready' comes a moment after mounting.
      setTimeout(() => {
        if (this._root === root) this._emit('ready', { elementType: this._type });
      }, 150);
    }

    unmount() {
      this._root?.remove();
      this._root = null;
    }

    destroy() {
      this.unmount();
      this._destroyed = true;
      delete this._elements._byType[this._type];
    }

    focus() {
      this._inputs?.number.focus();
    }

    blur() {
      if (this._root?.contains(document.activeElement)) document.activeElement.blur();
    }

    clear() {
      for (const input of Object.values(this._inputs ?? {})) input.value = '';
    }

    update(options) {
      Object.assign(this._options, options ?? {});
    }
  }

  class Elements {
    constructor(stripe, options = {}) {
      this._stripe = stripe;
      this._options = options;
      this._byType = {};
    }

    create(type, options) {
      if (type !== 'card' && type !== 'payment') {
        throw integrationError(`The Stripe.js double knows only the card and payment elements, not ${type}.`);
      }
      if (this._byType[type]) throw integrationError(`Can only create one Element of type ${type}.`);
      const element = new CardElement(this, type, options);
      this._byType[type] = element;
      return element;
    }

    getElement(type) {
      return this._byType[type] ?? null;
    }

    update(options) {
      Object.assign(this._options, options ?? {});
    }

    async submit() {
      const element = this._byType.payment ?? this._byType.card;
      const state = element?._inputs ? element._state() : null;
      return state?.error ? { error: state.error } : {};
    }
  }

  // ---- Stripe ----

  class StripeDouble {
    constructor(key, options = {}) {
      if (typeof key !== 'string' || !/^pk_/.test(key)) throw integrationError(`Invalid API Key provided: ${key}`);
      this._key = key;
      this._options = options;
    }

    _registerWrapper() {}

    registerAppInfo() {}

    elements(options) {
      return new Elements(this, options);
    }

    /** A new PaymentMethod from a card element: `{ id }` or the provider's `{ error }`. */
    async _methodFrom(element, billing) {
      if (!element?._inputs) return { error: integrationError('The card Element is not mounted.') };
      const state = element._state();
      if (state.error) return { error: state.error };
      const { number, exp_month, exp_year, cvc } = element._values();
      const answer = await call(this._key, 'POST', '/payment_methods', {
        type: 'card',
        card: { number, exp_month, exp_year, cvc },
        billing_details: billing,
      });
      return answer.error ? answer : { id: answer.data.id };
    }

    /** `payment_method` of confirm data: an id, `{ card: element }`, or nothing (the intent's own). */
    async _method(method) {
      if (!method) return { id: null };
      if (typeof method === 'string') return { id: method };
      return this._methodFrom(method.card, method.billing_details);
    }

    async createPaymentMethod(data = {}) {
      const element =
        data.card ?? (data.elements ? (data.elements.getElement('card') ?? data.elements.getElement('payment')) : null);
      const created = await this._methodFrom(element, data.billing_details);
      if (created.error) return { error: created.error };
      const got = await call(this._key, 'GET', `/payment_methods/${created.id}`);
      return { paymentMethod: got.error ? { id: created.id } : got.data };
    }

    /** The provider's 3-D Secure page over this one, until the intent has left requires_action. */
    async _authenticate(kind, intent, clientSecret) {
      const url = intent.next_action?.redirect_to_url?.url;
      if (!url) return { [kind]: intent };
      const overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-label', '3D Secure');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:100000;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center';
      const frame = document.createElement('iframe');
      frame.title = '3D Secure';
      frame.src = url;
      frame.style.cssText = 'width:min(420px,95vw);height:360px;border:0;background:#fff;border-radius:6px';
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      for (;;) {
        const answer = await call(this._key, 'GET', pathOf(kind, clientSecret), { client_secret: clientSecret });
        if (!answer.error && answer.data.status === 'requires_action') {
          await new Promise((resolve) => setTimeout(resolve, 300));
          continue;
        }
        overlay.remove();
        if (answer.error) return { error: answer.error };
        const lastError = answer.data.last_payment_error ?? answer.data.last_setup_error;
        if (answer.data.status === 'requires_payment_method' && lastError) {
          return {
            error: { ...lastError, [kind === 'paymentIntent' ? 'payment_intent' : 'setup_intent']: answer.data },
          };
        }
        return resultOf(kind, answer);
      }
    }

    async _confirm(kind, clientSecret, data = {}, options = {}) {
      const method = await this._method(data.payment_method);
      if (method.error) return { error: method.error };
      const answer = await call(this._key, 'POST', `${pathOf(kind, clientSecret)}/confirm`, {
        client_secret: clientSecret,
        payment_method: method.id ?? undefined,
        return_url: data.return_url,
        setup_future_usage: data.setup_future_usage,
      });
      if (answer.error) return { error: answer.error };
      if (answer.data.status === 'requires_action' && options.handleActions !== false) {
        return this._authenticate(kind, answer.data, clientSecret);
      }
      return resultOf(kind, answer);
    }

    confirmCardPayment(clientSecret, data, options) {
      return this._confirm('paymentIntent', clientSecret, data, options);
    }

    confirmCardSetup(clientSecret, data, options) {
      return this._confirm('setupIntent', clientSecret, data, options);
    }

    /** confirmPayment / confirmSetup with the elements: `redirect` 'always' (default) or 'if_required'. */
    async _confirmWithElements(kind, options = {}) {
      const { elements } = options;
      const element = elements ? (elements.getElement('payment') ?? elements.getElement('card')) : null;
      const params = options.confirmParams ?? {};
      const returnUrl = params.return_url;
      const clientSecret = options.clientSecret ?? elements?._options.clientSecret;
      if (!clientSecret) return { error: integrationError('A clientSecret is required.') };
      if (options.redirect !== 'if_required' && !returnUrl) {
        return { error: integrationError('stripe.confirm requires confirmParams.return_url.') };
      }
      const method =
        params.payment_method ??
        (element ? { card: element, billing_details: params.payment_method_data?.billing_details } : undefined);
      const result = await this._confirm(
        kind,
        clientSecret,
        { payment_method: method, return_url: returnUrl },
        { handleActions: false },
      );
      const intent = result.paymentIntent ?? result.setupIntent;
      if (result.error || !intent) return result;
      const redirectUrl = intent.next_action?.redirect_to_url?.url;
      if (intent.status === 'requires_action' && redirectUrl) {
        window.location.assign(redirectUrl);
        return new Promise(() => {});
      }
      if (options.redirect !== 'if_required') {
        const target = new URL(returnUrl, window.location.href);
        const prefix = kind === 'paymentIntent' ? 'payment_intent' : 'setup_intent';
        target.searchParams.set(prefix, intent.id);
        target.searchParams.set(`${prefix}_client_secret`, clientSecret);
        target.searchParams.set('redirect_status', intent.status);
        window.location.assign(target.toString());
        return new Promise(() => {});
      }
      if (intent.status === 'requires_action') return this._authenticate(kind, intent, clientSecret);
      return result;
    }

    confirmPayment(options) {
      return this._confirmWithElements('paymentIntent', options);
    }

    confirmSetup(options) {
      return this._confirmWithElements('setupIntent', options);
    }

    async _retrieve(kind, clientSecret) {
      return resultOf(kind, await call(this._key, 'GET', pathOf(kind, clientSecret), { client_secret: clientSecret }));
    }

    retrievePaymentIntent(clientSecret) {
      return this._retrieve('paymentIntent', clientSecret);
    }

    retrieveSetupIntent(clientSecret) {
      return this._retrieve('setupIntent', clientSecret);
    }

    /** The intent's next action: the provider's page over this one, as the real one's dialog. */
    async handleNextAction({ clientSecret } = {}) {
      const kind = kindOf(clientSecret);
      const result = await this._retrieve(kind, clientSecret);
      const intent = result[kind];
      if (result.error || !intent || intent.status !== 'requires_action') return result;
      return this._authenticate(kind, intent, clientSecret);
    }

    handleCardAction(clientSecret) {
      return this.handleNextAction({ clientSecret });
    }
  }

  /** `Stripe(pk)` as the loader calls it (without `new`). */
  function Stripe(key, options) {
    return new StripeDouble(key, options);
  }
  // The loader compares this with the release it expects (@stripe/stripe-js 8: clover).
  Stripe.version = 'clover';

  window.Stripe = Stripe;
})();
