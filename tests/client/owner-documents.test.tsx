import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnerDocument } from '@shared/schemas/owner';
import { json, renderApp } from './helpers';
import { calls, rider, server, SLOW, startAs, toasts, validation } from './owner-fixtures';

const licence: OwnerDocument = {
  id: 41,
  owner_type: 'rider',
  owner_id: 3,
  type: 'licence',
  title: 'Rider licence 2026',
  valid_until: '2026-12-31',
  file_name: 'licence.pdf',
  content_type: 'application/pdf',
  size: 2048,
  created_at: '2026-01-02T10:00:00Z',
  team_member: null,
};

beforeEach(() => {
  startAs(rider);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function chooseFile(name: string, type = 'application/pdf') {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  expect(input).not.toBeNull();
  fireEvent.change(input!, { target: { files: [new File(['%PDF-1.7'], name, { type })] } });
}

async function openUploadDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Choose file' }, SLOW));
  return screen.findByRole<HTMLButtonElement>('button', { name: 'Confirm upload' });
}

describe('documents', () => {
  it('lists the documents and downloads one with the bearer token, saved as a file', async () => {
    const fetchMock = server({
      'GET /api/v1/rider/3/documents/': () => json(200, { count: 1, results: [licence] }),
      'GET /api/v1/document/41/download/': () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="licence.pdf"' },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:licence');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/rider/documents');
    const table = await screen.findByRole('table', { name: 'Documents' }, SLOW);
    expect(within(table).getByText('Licence')).toBeTruthy();
    expect(within(table).getByText('31.12.2026')).toBeTruthy();
    expect(within(table).getByText('2 kB')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Download licence.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [, init] = calls(fetchMock, 'GET', '/api/v1/document/41/download/')[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('licence.pdf');
  });

  it("refuses a file whose name doesn't match the dialog's filter", async () => {
    server({});
    renderApp('/rider/documents/add');
    const confirm = await openUploadDialog();
    chooseFile('notes.txt', 'text/plain');
    expect(
      await screen.findByText("File notes.txt doesn't match filter: *.pdf; *.png; *.jpg; *.jpeg; *.webp."),
    ).toBeTruthy();
    expect(confirm.disabled).toBe(true);
  });

  it('uploads as multipart form data with the file under `file`, then goes back to the list', async () => {
    const fetchMock = server({
      'POST /api/v1/rider/3/documents/': () => json(201, licence),
      'GET /api/v1/rider/3/documents/': () => json(200, { count: 1, results: [licence] }),
    });
    const router = renderApp('/rider/documents/add');
    fireEvent.change(await screen.findByLabelText('Title', {}, SLOW), { target: { value: 'Rider licence 2026' } });
    fireEvent.change(screen.getByLabelText('Valid until'), { target: { value: '2026-12-31' } });
    const confirm = await openUploadDialog();
    chooseFile('licence.pdf');
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    expect(await screen.findByText(/licence\.pdf \(/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rider/documents'));
    const [, init] = calls(fetchMock, 'POST', '/api/v1/rider/3/documents/')[0]!;
    expect(init?.body).toBeInstanceOf(FormData);
    const form = init!.body as FormData;
    expect((form.get('file') as File).name).toBe('licence.pdf');
    expect(form.get('type')).toBe('other');
    expect(form.get('title')).toBe('Rider licence 2026');
    expect(form.get('valid_until')).toBe('2026-12-31');
    expect(toasts()).toContain('Saved successfully.');
  });

  it('needs a file before anything is sent, and shows the server refusing its content on the file', async () => {
    const fetchMock = server({
      'POST /api/v1/rider/3/documents/': () => validation({ file: ['invalid_file_type'] }),
    });
    renderApp('/rider/documents/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }, SLOW));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/v1/rider/3/documents/')).toHaveLength(0);

    const confirm = await openUploadDialog();
    chooseFile('fake.pdf');
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('This file type is not allowed.')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/v1/rider/3/documents/')).toHaveLength(1);
  });
});
