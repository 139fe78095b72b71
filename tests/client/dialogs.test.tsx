import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DialogHost } from '@/app/shell/dialog-host';
import { FileUploadDialog } from '@/app/shell/dialogs/file-upload-dialog';
import { confirmDialog, logDialog, uploadDialog } from '@/lib/dialogs';
import { matchesFileFilter } from '@/lib/file-filter';
import { renderWithMantine } from './helpers';

function chooseFile(name: string) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  expect(input).not.toBeNull();
  const file = new File(['<results/>'], name, { type: 'application/octet-stream' });
  fireEvent.change(input!, { target: { files: [file] } });
  return file;
}

describe('file-upload dialog', () => {
  it('keeps Confirm upload disabled until a file matching the filter is chosen', async () => {
    const onConfirm = vi.fn();
    renderWithMantine(<FileUploadDialog filter="*.xml" onConfirm={onConfirm} onCancel={vi.fn()} />);
    const confirm = await screen.findByRole<HTMLButtonElement>('button', { name: 'Confirm upload' });
    expect(confirm.disabled).toBe(true);

    chooseFile('startlist.csv');
    expect(await screen.findByText("File startlist.csv doesn't match filter: *.xml.")).toBeTruthy();
    expect(confirm.disabled).toBe(true);

    const file = chooseFile('results.XML');
    await waitFor(() => expect(confirm.disabled).toBe(false));
    expect(screen.queryByText(/doesn't match filter/)).toBeNull();
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith(file);
  });

  it('Cancel closes without a file', async () => {
    const onCancel = vi.fn();
    renderWithMantine(<FileUploadDialog onConfirm={vi.fn()} onCancel={onCancel} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('matches glob filters case-insensitively, with several patterns', () => {
    expect(matchesFileFilter('a.xml', '*.xml')).toBe(true);
    expect(matchesFileFilter('a.xml.bak', '*.xml')).toBe(false);
    expect(matchesFileFilter('list.XLSX', '*.csv; *.xlsx')).toBe(true);
    expect(matchesFileFilter('anything', '')).toBe(true);
  });
});

describe('dialog service', () => {
  it('confirm: "Are you sure?" by default; Confirm resolves true', async () => {
    renderWithMantine(<DialogHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog();
    });
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByText('Are you sure?')).toBeNull());
  });

  it('confirm: Cancel resolves false', async () => {
    renderWithMantine(<DialogHost />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog({ message: 'Delete the horse?' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('upload: resolves null when cancelled', async () => {
    renderWithMantine(<DialogHost />);
    let answer: Promise<File | null> = Promise.resolve(new File([], 'x'));
    act(() => {
      answer = uploadDialog({ filter: '*.xml' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeNull();
  });

  it('log: shows lines and follows updates', async () => {
    renderWithMantine(<DialogHost />);
    let log: ReturnType<typeof logDialog> | undefined;
    act(() => {
      log = logDialog('Sync', ['Sync started']);
    });
    expect(await screen.findByText('Sync started')).toBeTruthy();
    act(() => log!.update(['Sync completed', 'Sync started']));
    expect(await screen.findByText(/Sync completed/)).toBeTruthy();
    act(() => log!.close());
    await waitFor(() => expect(screen.queryByText(/Sync completed/)).toBeNull());
  });
});
