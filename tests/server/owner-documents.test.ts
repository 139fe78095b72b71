import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@shared/schemas/owner';
import { documents, mediaFileChunks, mediaFiles, teamMembers } from '../../server/src/db/schema';
import { MEDIA_PIECE_BYTES } from '../../server/src/modules/media/media-store';
import { useSeededServer } from './helpers/use-server';
import { endEmployment, JPEG, multipart, PDF, PNG, seedOwnerFixtures, WEBP } from './owner-fixtures';

const { server, f } = useSeededServer(seedOwnerFixtures);

async function upload(
  username: string,
  url: string,
  file: { bytes: Buffer; name: string; type?: string } | undefined,
  fields: Record<string, string> = { type: 'licence', title: 'Licence 2026' },
) {
  const body = multipart(fields, file);
  return server().app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(await server().auth(username)) },
  });
}
const get = async (username: string, url: string) =>
  server().app.inject({ url, headers: await server().auth(username) });
const stored = async () => ({
  documents: (await server().database.db.select().from(documents)).length,
  files: (await server().database.db.select().from(mediaFiles)).length,
});

describe('documents', () => {
  it('stores a PDF, lists it, and downloads it as an attachment', async () => {
    const url = `/api/v1/rider/${f.rider}/documents/`;
    const res = await upload(
      'rider',
      url,
      { bytes: PDF, name: '../my licence;2026.pdf' },
      {
        type: 'licence',
        title: 'Licence 2026',
        valid_until: '2026-12-31',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      owner_type: 'rider',
      owner_id: f.rider,
      type: 'licence',
      title: 'Licence 2026',
      valid_until: '2026-12-31',
      content_type: 'application/pdf',
      size: PDF.length,
      team_member: null,
    });
    expect((await get('rider', url)).json()).toMatchObject({ count: 1, results: [{ id: res.json().id }] });

    const file = await get('rider', `/api/v1/document/${res.json().id}/download/`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('attachment; filename="my licence_2026.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('keeps a document at its size limit in pieces and gives it back byte for byte', async () => {
    const bytes = Buffer.concat([PDF, randomBytes(MAX_DOCUMENT_BYTES - PDF.length)]);
    const res = await upload('rider', `/api/v1/rider/${f.rider}/documents/`, { bytes, name: 'scan.pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await server().database.db.select().from(documents).where(eq(documents.id, res.json().id));
    // Written in pieces, each a statement of its own: none holds the database for long.
    const pieces = await server()
      .database.db.select()
      .from(mediaFileChunks)
      .where(eq(mediaFileChunks.fileId, row!.fileId));
    expect(pieces).toHaveLength(Math.ceil(bytes.length / MEDIA_PIECE_BYTES));
    const [file] = await server().database.db.select().from(mediaFiles).where(eq(mediaFiles.id, row!.fileId));
    expect(file!.dataBase64).toBe('');
    expect(file!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

    const back = await get('rider', `/api/v1/document/${res.json().id}/download/`);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(bytes)).toBe(true);

    // Deleting the document deletes its pieces.
    expect(
      (
        await server().app.inject({
          method: 'DELETE',
          url: `/api/v1/document/${res.json().id}/`,
          headers: await server().auth('rider'),
        })
      ).statusCode,
    ).toBe(204);
    expect(
      await server().database.db.select().from(mediaFileChunks).where(eq(mediaFileChunks.fileId, row!.fileId)),
    ).toEqual([]);
  });

  it('tells the type by the content: PNG, JPEG and WebP pass whatever their name', async () => {
    const url = `/api/v1/official/${f.official}/documents/`;
    for (const [bytes, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const res = await upload('official', url, { bytes, name: 'scan.bin' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().content_type).toBe(type);
    }
  });

  it('refuses a file whose content is not an allowed type, whatever its name', async () => {
    const url = `/api/v1/rider/${f.rider}/documents/`;
    for (const bytes of [Buffer.from('<html><script>alert(1)</script></html>'), Buffer.from('GIF89a....')]) {
      const res = await upload('rider', url, { bytes, name: 'licence.pdf', type: 'application/pdf' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ file: ['invalid_file_type'] });
    }
    expect(await stored()).toEqual({ documents: 0, files: 0 });
  });

  it('refuses an oversized file, a missing file and bad fields', async () => {
    const url = `/api/v1/rider/${f.rider}/documents/`;
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    const tooBig = await upload('rider', url, { bytes: big, name: 'big.pdf' });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields).toEqual({ file: ['too_big'] });
    expect((await upload('rider', url, undefined)).json().fields).toEqual({ file: ['required'] });
    const fields = await upload('rider', url, { bytes: PDF, name: 'a.pdf' }, { type: 'diary', valid_until: 'soon' });
    expect(fields.json().fields).toEqual({ type: ['invalid'], valid_until: ['invalid_date'] });
    expect(await stored()).toEqual({ documents: 0, files: 0 });
  });

  it('downloads only for the owner, the active employer and admins', async () => {
    const own = await upload('rider', `/api/v1/rider/${f.employedRider}/documents/`, { bytes: PDF, name: 'a.pdf' });
    expect(own.statusCode).toBe(404); // the demo rider is not this rider
    const doc = await upload(f.employedRiderUser, `/api/v1/rider/${f.employedRider}/documents/`, {
      bytes: PDF,
      name: 'a.pdf',
    });
    const url = `/api/v1/document/${doc.json().id}/download/`;
    for (const user of [f.employedRiderUser, 'employer', 'admin']) expect((await get(user, url)).statusCode).toBe(200);
    for (const user of ['rider', 'official', 'organizer', 'merchant'])
      expect((await get(user, url)).statusCode).toBe(404);
    await endEmployment(server().database.db, f);
    expect((await get('employer', url)).statusCode).toBe(404);
    const removed = await server().app.inject({
      method: 'DELETE',
      url: `/api/v1/document/${doc.json().id}/`,
      headers: await server().auth('rider'),
    });
    expect(removed.statusCode).toBe(404);
    expect(await stored()).toEqual({ documents: 1, files: 1 });
  });

  it("keeps a team member's documents apart and lists them with ?team=true", async () => {
    const [member] = await server()
      .database.db.insert(teamMembers)
      .values({
        ownerType: 'rider',
        ownerId: f.rider,
        role: 'groom',
        firstName: 'Gina',
        lastName: 'Groom',
        email: 'g@x.test',
      })
      .returning();
    const url = `/api/v1/rider/${f.rider}/documents/`;
    const fields = { type: 'id', team_member: String(member!.id) };
    const res = await upload('rider', url, { bytes: PNG, name: 'id.png' }, fields);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      owner_type: 'teammember',
      owner_id: member!.id,
      team_member: { id: member!.id, name: 'Gina Groom' },
    });
    expect((await get('rider', url)).json().count).toBe(0);
    expect((await get('rider', `${url}?team=true`)).json()).toMatchObject({
      count: 1,
      results: [{ id: res.json().id }],
    });
    expect((await get('rider', `/api/v1/document/${res.json().id}/download/`)).statusCode).toBe(200);
    expect((await get('official', `/api/v1/document/${res.json().id}/download/`)).statusCode).toBe(404);

    const foreign = await upload(
      'official',
      `/api/v1/official/${f.official}/documents/`,
      { bytes: PNG, name: 'x.png' },
      fields,
    );
    expect(foreign.json().fields).toEqual({ team_member: ['does_not_exist'] });
  });
});
