import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employers } from '../../server/src/db/schema';
import { isLeitwegId } from '../../src/shared/schemas/venue-issuer';
import type { Invoice } from '../../src/shared/schemas/invoices';
import { pdfText } from './compensation-fixtures';
import { useSeededServer } from './helpers/use-server';
import { charge, seedInvoiceFixtures } from './invoice-fixtures';

/**
 * A German public buyer's Leitweg-ID (KoSIT format specification 2.0.2, check digits ISO/IEC 7064
 * MOD 97-10) on the employer's profile, checked by the server, printed as the buyer reference of
 * its invoices (XRechnung BT-10, BR-DE-15); any other buyer keeps its own reference.
 */
describe('Leitweg-ID', () => {
  it('takes coarse address, optional fine address and check digits, and only matching check digits', () => {
    for (const valid of ['991-33333TEST-33', '04011000-1234512345-06', '992-90009-96']) {
      expect(isLeitwegId(valid), valid).toBe(true);
    }
    for (const invalid of ['991-33333TEST-34', '991-33333TEST', '9-33333TEST-33', '991_33333TEST_33', '']) {
      expect(isLeitwegId(invalid), invalid).toBe(false);
    }
  });

  const { server, f, db, call } = useSeededServer(seedInvoiceFixtures);

  it('is refused with a wrong check digit, kept in upper case, and printed as BT-10 of the employer’s invoices', async () => {
    const wrong = await call('employer', 'PATCH', `/api/v1/employer/${f.employer}/`, {
      leitweg_id: '991-33333TEST-34',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ leitweg_id: ['invalid_leitweg_id'] });
    const [unchanged] = await db().select().from(employers).where(eq(employers.id, f.employer));
    expect(unchanged!.leitwegId).toBeNull();

    const saved = await call('employer', 'PATCH', `/api/v1/employer/${f.employer}/`, {
      leitweg_id: ' 991-33333test-33 ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ leitweg_id: '991-33333TEST-33' });

    const auth = await server().auth('organizer');
    await charge(server().app, auth, { party_type: 'rider', party_id: f.employedRider, consumable: f.box });
    const res = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.employedParticipation}`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json<Invoice>();
    const xml = (await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/xrechnung/`)).body;
    expect(xml).toContain('<cbc:BuyerReference>991-33333TEST-33</cbc:BuyerReference>');
    const pdf = await call('organizer', 'GET', `/api/v1/invoice/${invoice.id}/pdf/`);
    expect(await pdfText(pdf.rawPayload)).toContain('991-33333TEST-33');

    // A rider is no public buyer: BT-10 is its own reference at the show, as before.
    await charge(server().app, auth, { party_type: 'rider', party_id: f.rider, consumable: f.box });
    const own = (
      await call('organizer', 'GET', `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.participation}`)
    ).json<Invoice>();
    const ownXml = (await call('organizer', 'GET', `/api/v1/invoice/${own.id}/xrechnung/`)).body;
    expect(ownXml).toContain(`<cbc:BuyerReference>rider-${f.rider}</cbc:BuyerReference>`);
  });
});
