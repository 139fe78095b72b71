import { ATTENDEE_KINDS, type AttendeeKind } from '@shared/floor-constants';
import { attendeeInput } from '@shared/schemas/floor';
import { choiceOf, schemaErrors, type BulkKind, type RowErrorCodes } from './kind';

type Field = 'first_name' | 'last_name' | 'email' | 'phone' | 'kind' | 'organisation' | 'badge';
const FIELDS: readonly Field[] = ['first_name', 'last_name', 'email', 'phone', 'kind', 'organisation', 'badge'];

export const attendeesKind: BulkKind<Field> = {
  id: 'attendees',
  path: 'attendee/',
  columns: [
    { field: 'first_name', aliases: ['First name', 'Given name', 'Vorname', 'Imię', 'Prénom', 'Nome'] },
    { field: 'last_name', aliases: ['Last name', 'Surname', 'Family name', 'Nachname', 'Nazwisko', 'Nom', 'Cognome'] },
    {
      field: 'email',
      aliases: [
        'E-mail',
        'Email',
        'Mail',
        'E-Mail-Adresse',
        'Adres e-mail',
        'Courriel',
        'Adresse e-mail',
        'Posta elettronica',
      ],
    },
    {
      field: 'phone',
      aliases: ['Phone', 'Telephone', 'Mobile', 'Telefon', 'Handy', 'Téléphone', 'Telefono', 'Cellulare'],
    },
    { field: 'kind', aliases: ['Kind', 'Type', 'Art', 'Typ', 'Rodzaj', 'Tipo', 'Genre'] },
    {
      field: 'organisation',
      aliases: [
        'Organisation',
        'Organization',
        'Company',
        'Firma',
        'Organizacja',
        'Société',
        'Organizzazione',
        'Azienda',
      ],
    },
    { field: 'badge', aliases: ['Badge', 'Ausweis', 'Identyfikator', 'Plakietka', 'Tessera', 'Pass'] },
  ],
  columnOf: (field) => FIELDS.find((f) => f === field),

  check(cells, { venueId, t }) {
    const errors: RowErrorCodes = {};
    const label = (value: AttendeeKind) => t(`floor:kind.${value}`);
    const kind = cells.kind ? choiceOf(cells.kind, ATTENDEE_KINDS, label) : 'guest';
    if (!kind) errors.kind = ['invalid'];
    const input = {
      venue: venueId,
      first_name: cells.first_name,
      last_name: cells.last_name,
      email: cells.email || null,
      phone: cells.phone || null,
      kind: kind ?? 'guest',
      organisation: cells.organisation || null,
      badge: cells.badge || null,
    };
    schemaErrors(attendeeInput, input, attendeesKind.columnOf, errors);
    return { input, errors, display: { ...cells, kind: kind ? label(kind) : cells.kind } };
  },
};
