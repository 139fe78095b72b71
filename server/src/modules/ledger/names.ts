import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PARTY_TYPES, type PartyType } from '@shared/ledger';
import { employers, merchants, officials, riders, simpleUsers, users } from '../../db/schema';

/**
 * How the ledger names people, as SQL: one definition for the transaction list, the entry just
 * posted and the balances. Companies (employers, merchants) by company name, people by name.
 */

type Id = SQLWrapper | number;

const fullName = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql`btrim(${t.firstName} || ' ' || ${t.lastName})`;
/** An employer's or merchant's name: the company, else the contact person. */
export const companyName = (t: { companyName: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql`COALESCE(NULLIF(btrim(${t.companyName}), ''), ${fullName(t)})`;

/** A rider's name from their row (`riders` or an alias of it). */
export const riderNameOf = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }): SQL => fullName(t);
/** A user's name from their row (`users` or an alias of it): their full name, else their username. */
export const userNameOf = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn; username: AnyPgColumn }): SQL =>
  sql`COALESCE(NULLIF(${fullName(t)}, ''), ${t.username})`;

export const riderName = (id: Id): SQL<string | null> =>
  sql`(SELECT ${riderNameOf(riders)} FROM ${riders} WHERE ${riders.id} = ${id})`;
export const merchantName = (id: Id): SQL<string | null> =>
  sql`(SELECT ${companyName(merchants)} FROM ${merchants} WHERE ${merchants.id} = ${id})`;
export const userName = (id: Id): SQL<string | null> =>
  sql`(SELECT ${userNameOf(users)} FROM ${users} WHERE ${users.id} = ${id})`;

/** The name of a party of a known type by its profile id; null when there is no such party. */
export function nameOfParty(type: PartyType, id: Id): SQL<string | null> {
  switch (type) {
    case 'rider':
      return riderName(id);
    case 'employer':
      return sql`(SELECT ${companyName(employers)} FROM ${employers} WHERE ${employers.id} = ${id})`;
    case 'official':
      return sql`(SELECT ${fullName(officials)} FROM ${officials} WHERE ${officials.id} = ${id})`;
    case 'simpleuser':
      return sql`(SELECT ${fullName(simpleUsers)} FROM ${simpleUsers} WHERE ${simpleUsers.id} = ${id})`;
    case 'merchant':
      return merchantName(id);
  }
}

/** The name of a party (PARTY_TYPES) by its profile id; null when there is no such party. */
export const partyName = (type: SQLWrapper, id: Id): SQL<string | null> =>
  sql`CASE ${type}::text ${sql.join(
    PARTY_TYPES.map((t) => sql`WHEN ${sql.raw(`'${t}'`)} THEN ${nameOfParty(t, id)}`),
    sql` `,
  )} END`;

const PROFILES = {
  rider: riders,
  employer: employers,
  official: officials,
  simpleuser: simpleUsers,
  merchant: merchants,
};

/** The e-mail of a party (PARTY_TYPES): its profile's, else its user's. */
export const partyEmail = (type: SQLWrapper, id: Id): SQL<string | null> =>
  sql`CASE ${type}::text ${sql.join(
    PARTY_TYPES.map((t) => {
      const p = PROFILES[t];
      const userEmail = sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${p.userId})`;
      return sql`WHEN ${sql.raw(`'${t}'`)} THEN (SELECT COALESCE(${p.email}, ${userEmail}) FROM ${p} WHERE ${p.id} = ${id})`;
    }),
    sql` `,
  )} END`;
