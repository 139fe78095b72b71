// The admin's consumables page (issue 15), loaded on demand.
export { AdminConsumablesRoute } from './consumables-route';
