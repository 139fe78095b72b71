import type { PathEntry } from './entry';

/** The floor: organizer views, stable, welcome desk, sign-in and vet-check. */
export const FLOOR_PATHS = {
  organizer: { path: '/organizer', label: 'organizer' },
  organizerList: { path: '/organizer/list', label: 'organizerList' },
  /** One rider at the organizer's venue: participation, horses, transactions, balance. */
  organizerRider: { path: '/organizer/rider/:riderId', label: 'organizerRider' },
  organizerParticipants: { path: '/organizer/participants', label: 'organizerParticipants' },
  organizerOfficials: { path: '/organizer/officials', label: 'organizerOfficials' },
  organizerTransactions: { path: '/organizer/transactions', label: 'organizerTransactions' },
  organizerOfficialTransactions: { path: '/organizer/officialTransactions', label: 'organizerOfficialTransactions' },
  organizerInvoices: { path: '/organizer/invoices', label: 'organizerInvoices' },
  organizerInvoice: { path: '/organizer/invoices/:invoiceId', label: 'invoice' },
  organizerPayouts: { path: '/organizer/payouts', label: 'organizerPayouts' },
  organizerBankStatements: { path: '/organizer/bankStatements', label: 'organizerBankStatements' },
  organizerVetcheck: { path: '/organizer/vetcheck', label: 'organizerVetcheck' },
  organizerSignin: { path: '/organizer/signin', label: 'organizerSignin' },
  organizerWelcomedesk: { path: '/organizer/welcomedesk', label: 'organizerWelcomedesk' },
  stable: { path: '/stable', label: 'stable' },
  stableDashboard: { path: '/stable/dashboard', label: 'stableDashboard' },
  stableAddTransaction: { path: '/stable/addTransaction', label: 'stableAddTransaction' },
  stableTransactions: { path: '/stable/transactions', label: 'stableTransactions' },
  /** spec: qr/:userType:userId-:hash: one segment, parsed by parseQrCode (src/shared/qr.ts) */
  stableQr: { path: '/stable/qr/:code', label: 'stableQr' },
  welcomedesk: { path: '/welcomedesk', label: 'welcomedesk' },
  welcomedeskList: { path: '/welcomedesk/list', label: 'welcomedeskList' },
  welcomedeskAdd: { path: '/welcomedesk/add', label: 'welcomedeskAdd' },
  signin: { path: '/signin', label: 'signin' },
  signinList: { path: '/signin/list', label: 'signinList' },
  vetcheck: { path: '/vetcheck', label: 'vetcheck' },
  vetcheckList: { path: '/vetcheck/list', label: 'vetcheckList' },
} as const satisfies Record<string, PathEntry>;
