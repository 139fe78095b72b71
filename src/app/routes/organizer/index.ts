// The show office (organizer) at its assigned venue. Issue 3.
export { OrganizerListRoute } from './list-route';
export { OrganizerOfficialTransactionsRoute } from './official-transactions-route';
export { OrganizerOfficialsRoute } from './officials-route';
export { OrganizerParticipantsRoute } from './participants-route';
export { OrganizerTransactionsRoute } from './transactions-route';
