import type { AppContext } from '../../context';
import type { App } from '../../types';
import { ownerBankAccountRoutes } from './bank-account.routes';
import { documentRoutes } from './document.routes';
import { ownerLedgerRoutes } from './owner-ledger.routes';
import { profileRoutes } from './profile.routes';
import { teamMemberRoutes } from './team-member.routes';

/** The sections several audiences share: profile, bank accounts, documents, team, money. */
export function ownerRoutes(app: App, ctx: AppContext): void {
  profileRoutes(app, ctx);
  ownerBankAccountRoutes(app, ctx);
  documentRoutes(app, ctx);
  teamMemberRoutes(app, ctx);
  ownerLedgerRoutes(app, ctx);
}
