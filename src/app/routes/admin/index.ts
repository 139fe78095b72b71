export { VenuesRoute } from './venues-route';
