// The admin's consumables page, loaded on demand.
export { AdminConsumablesRoute } from './consumables-route';
