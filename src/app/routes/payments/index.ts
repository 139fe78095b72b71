export { CreatePaymentRoute } from './create-payment-route';
export { CreditCardRoute } from './credit-card-route';
export { SelfCheckoutRoute } from './self-checkout-route';
