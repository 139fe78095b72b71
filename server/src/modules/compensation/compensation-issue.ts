import type { FastifyRequest } from 'fastify';
import { OFFICIAL_FUNCTIONS } from '@shared/schemas/participation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { sessionOf } from '../../http/session';
import { createAudit } from '../../plugins/audit';
import { postOnce } from '../ledger/system-entry';
import { languageOf, localDay } from '../reports/pdf';
import { compensationFigures } from './compensation-figures';
import { compensationBillTitle, type CompensationBillDocument } from './compensation-pdf';
import { createCompensationRepo, type BillRow } from './compensation.repo';

type OfficialFunction = (typeof OFFICIAL_FUNCTIONS)[number];

/** As printed: `{venue}-C{number, 5 digits}`. */
export const billNumberText = (venueId: number, number: number) => `${venueId}-C${String(number).padStart(5, '0')}`;

/** The external reference of a participation's ledger credit: it is posted once. */
export const compensationRef = (participationId: number) => `compensation:${participationId}`;

export interface IssueOptions {
  /** When the credit happened (the demo seed dates it back); now by default. */
  occurredAt?: Date;
}

/**
 * The bill of an official participation, issued in the caller's database transaction if it has
 * none (DOMAIN.md "Compensation bill"): the participation row is locked first (a concurrent
 * issuer waits, then finds the bill), the number is the venue's next in the gapless
 * 'compensation' series, the snapshot of venue, official, figures and bank account is stored,
 * and the payable is credited to the official's account at the venue once (postOnce, external
 * reference `compensation:{participation}`). Nothing is credited when nothing is payable.
 * The caller has checked that the signed-in user is the venue's show office.
 */
export async function issueBill(
  tx: Db,
  request: FastifyRequest,
  participationId: number,
  options: IssueOptions = {},
): Promise<{ bill: BillRow; created: boolean }> {
  const user = sessionOf(request);
  const repo = createCompensationRepo(tx);
  const participation = await repo.lockParticipation(participationId, tx);
  if (!participation) throw new AppError('not_found');
  const existing = await repo.billOfParticipation(participationId, tx);
  if (existing) return { bill: existing, created: false };

  const { venue, official, language, bank } = await repo.parties(participation, user.id, tx);
  if (!venue || !official) throw new AppError('not_found');
  const figures = compensationFigures(participation);
  const number = await repo.nextNumber(venue.id, tx);
  const numberText = billNumberText(venue.id, number);
  const document: CompensationBillDocument = {
    number: numberText,
    issueDate: localDay(venue.timeZone),
    language: languageOf(language),
    currency: venue.currency,
    venue: {
      name: venue.name,
      legalName: venue.legalName,
      address: venue.address,
      postalCode: venue.postalCode,
      city: venue.city,
      country: venue.country,
      vatId: venue.vatId,
    },
    official: {
      name: `${official.firstName} ${official.lastName}`.trim(),
      address: official.address,
      postalCode: official.postalCode,
      city: official.city,
      country: official.country,
      feiId: official.feiId,
    },
    function: (OFFICIAL_FUNCTIONS as readonly string[]).includes(participation.function)
      ? (participation.function as OfficialFunction)
      : 'other',
    dateFrom: participation.dateFrom,
    dateTo: participation.dateTo,
    days: participation.days,
    dayRateMinor: participation.dayRateMinor,
    travelMinor: participation.travelMinor,
    perDiemMinor: participation.perDiemMinor,
    withholdingBp: participation.withholdingBp,
    ...figures,
    bank: bank ? { holder: bank.holderName, iban: bank.iban, bic: bank.bic } : null,
  };
  const details = {
    participation: participationId,
    venue: venue.id,
    number: numberText,
    payable: figures.payableMinor,
  };

  let transactionId: number | null = null;
  if (figures.payableMinor > 0) {
    const posted = await postOnce(
      tx,
      request,
      user,
      {
        venueId: venue.id,
        kind: 'credit',
        partyType: 'official',
        partyId: official.id,
        consumableId: null,
        vecId: null,
        category: 'services',
        // in the bill's language, as the bill itself: the entry is read beside it
        description: `${compensationBillTitle(document.language)} ${numberText}`,
        quantity: 1,
        unitPrice: figures.payableMinor,
        taxTypeId: null,
        merchantId: null,
        source: 'system',
        deviceId: null,
        occurredAt: options.occurredAt ?? new Date(),
        idempotencyKey: null,
        replacesId: null,
      },
      compensationRef(participationId),
      { action: 'compensation.issue', details },
    );
    transactionId = posted.id;
  } else {
    await createAudit(tx).record(request, { action: 'compensation.issue', details }, tx);
  }

  const bill = await repo.insert(
    {
      venueId: venue.id,
      officialParticipationId: participationId,
      officialId: official.id,
      number,
      numberText,
      language: document.language,
      data: document,
      currency: venue.currency,
      grossMinor: figures.grossMinor,
      withholdingMinor: figures.withholdingMinor,
      payableMinor: figures.payableMinor,
      transactionId,
    },
    tx,
  );
  return { bill, created: true };
}
